/**
 * `pnpm bench`: the fan-out benchmark (scripts/bench/fanout.ts), the placement benchmark
 * (scripts/bench/placement.ts), the settlement benchmark (scripts/bench/settlement.ts), the
 * ledger trigger benchmark (scripts/bench/ledger.ts), the admin dashboard benchmark
 * (scripts/bench/admin-stats.ts, `pnpm bench admin-stats`), the fronts benchmark
 * (scripts/bench/fronts.ts), then the workspace's micro-benchmarks
 * (`*.bench.ts`, vitest bench) when there are any. `pnpm bench fanout`, `pnpm bench placement`,
 * `pnpm bench settlement`, `pnpm bench ledger`, `pnpm bench flood` (scripts/bench/flood.ts, the
 * socket flood), `pnpm bench http` (scripts/bench/http.ts, the HTTP reads), `pnpm bench fronts`
 * (scripts/bench/fronts.ts, the ways of putting several gateways behind one port), `pnpm bench web`
 * (scripts/bench/web.ts, a first visit to the trade page on a slow line) and `pnpm bench micro`
 * run only that one.
 * Benchmarks print figures; they never fail on a slow machine, and CI does not run them.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdminStatsBench } from './bench/admin-stats.ts';
import { runFanoutBench } from './bench/fanout.ts';
import { runFloodBench } from './bench/flood.ts';
import { runFrontsBench } from './bench/fronts.ts';
import { runHttpBench } from './bench/http.ts';
import { runLedgerBench } from './bench/ledger.ts';
import { runPlacementBench } from './bench/placement.ts';
import { runSettlementBench } from './bench/settlement.ts';
import { runWebBench } from './bench/web.ts';
import { buildServers } from './lib/servers.ts';

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

const BENCHES = [
  'fanout',
  'placement',
  'settlement',
  'ledger',
  'flood',
  'admin-stats',
  'http',
  'fronts',
  'micro',
  'web',
] as const;
const only = process.argv[2];
if (only !== undefined && !(BENCHES as readonly string[]).includes(only)) {
  console.error(`Unknown benchmark "${only}": use one of ${BENCHES.join(', ')} (or none for all).`);
  process.exit(2);
}
const runs = (name: (typeof BENCHES)[number]) => only === undefined || only === name;

// The gateway and the workers run as `pnpm start` runs them: their bundles.
if (only !== 'ledger' && only !== 'micro' && only !== 'web') await buildServers();

if (runs('fanout')) await runFanoutBench();
if (runs('placement')) await runPlacementBench();
if (runs('settlement')) await runSettlementBench();
if (runs('ledger')) await runLedgerBench();
if (runs('flood')) await runFloodBench();
if (runs('admin-stats')) await runAdminStatsBench();
if (runs('http')) await runHttpBench();
if (runs('fronts')) await runFrontsBench();
if (runs('web')) await runWebBench(process.argv[3]);

if (runs('micro')) {
  const benches = PACKAGES.flatMap((p) => findBenches(join(ROOT, p)));
  if (benches.length > 0) {
    console.log(`\nMicro-benchmarks:\n${benches.map((b) => `  ${b}`).join('\n')}`);
    const result = spawnSync('pnpm', ['exec', 'vitest', 'bench', '--run'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
process.exit(0);
