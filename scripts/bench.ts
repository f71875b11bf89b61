/**
 * `pnpm bench`: the fan-out benchmark (scripts/bench/fanout.ts), then the workspace's
 * micro-benchmarks (`*.bench.ts`, vitest bench) when there are any. `pnpm bench fanout` runs
 * only the first, `pnpm bench micro` only the second. Benchmarks print figures; they never
 * fail on a slow machine, and CI does not run them.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFanoutBench } from './bench/fanout.ts';

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

const only = process.argv[2];

if (only !== 'micro') await runFanoutBench();

if (only !== 'fanout') {
  const benches = PACKAGES.flatMap((p) => findBenches(join(ROOT, p)));
  if (benches.length > 0) {
    console.log(`\nMicro-benchmarks:\n${benches.map((b) => `  ${b}`).join('\n')}`);
    const result = spawnSync('pnpm', ['exec', 'vitest', 'bench', '--run'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
process.exit(0);
