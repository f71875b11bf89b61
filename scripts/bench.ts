/**
 * `pnpm bench`: runs the workspace's benchmarks (`*.bench.ts`, vitest bench) when there are
 * any, and says so plainly when there are none yet.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['shared', 'db', 'gateway', 'workers', 'web', 'scripts'];

function findBenches(dir: string, out: string[] = []): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findBenches(path, out);
    else if (/\.bench\.tsx?$/.test(entry.name)) out.push(relative(ROOT, path));
  }
  return out;
}

const benches = PACKAGES.flatMap((p) => findBenches(join(ROOT, p)));
if (benches.length === 0) {
  console.log(
    'No benchmarks yet: they arrive with the market and trades issues (files named *.bench.ts, run with vitest bench).',
  );
  process.exit(0);
}
console.log(`Benchmarks:\n${benches.map((b) => `  ${b}`).join('\n')}`);
const result = spawnSync('pnpm', ['exec', 'vitest', 'bench', '--run', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
