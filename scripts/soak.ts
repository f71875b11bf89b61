/**
 * `pnpm soak`: the platform as `pnpm start` runs it, under a seeded model of its users for
 * SOAK_MINUTES (30 by default) with faults on a seeded schedule, checked all along and at the
 * end (docs/operations.md, "Soak"; settings in docs/configuration.md). Writes report.json and
 * timeline.svg into a folder of SOAK_OUT and exits 1 when an invariant or bound broke, 2 for a
 * bad setting.
 */
import { join, resolve } from 'node:path';
import { loadSoakConfig, SoakConfigError } from './lib/soak/config.ts';
import { runSoak } from './lib/soak/run.ts';

async function main(): Promise<number> {
  let config: ReturnType<typeof loadSoakConfig>;
  try {
    config = loadSoakConfig();
  } catch (err) {
    if (err instanceof SoakConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const outDir = resolve(
    process.env.INIT_CWD ?? process.cwd(),
    join(config.SOAK_OUT, `${stamp}-${config.SOAK_SEED}`),
  );
  // Ctrl-C ends the load early; the drain, the checks and the report still follow.
  const abort = new AbortController();
  process.once('SIGINT', () => {
    process.stdout.write('[soak] ending the load early (Ctrl-C again stops at once)\n');
    abort.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  const { report, reportFile, timelineFile, logFile } = await runSoak({
    config,
    outDir,
    bounds: true,
    signal: abort.signal,
  });
  const say = (text: string) => process.stdout.write(`[soak] ${text}\n`);
  say(
    `${report.ok ? 'PASSED' : 'FAILED'}: ${report.loadSeconds} s of load, ${report.requests.total} requests (p99 ${report.requests.latencyMs.p99} ms), ${report.faults.length} faults, ${report.violations.length} violation(s)`,
  );
  for (const v of report.violations.slice(0, 20)) say(`  ${v.check}: ${v.detail}`);
  say(`report ${reportFile}`);
  say(`timeline ${timelineFile}`);
  say(`launcher output ${logFile}`);
  say(`replay with SOAK_SEED=${report.seed}`);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`[soak] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
