/**
 * `pnpm soak`, short: the platform as `pnpm start` runs it (the launcher owning Redis and the
 * embedded PostgreSQL, as scripts/start.int.test.ts starts it), a few minutes of the users'
 * model with every fault of the schedule once, and the invariants only: the time and memory
 * bounds belong to the long run (docs/operations.md, "Soak").
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS, type FaultKind, loadSoakConfig } from './lib/soak/config.ts';
import { runSoak } from './lib/soak/run.ts';

/** Every fault there is. */
const FAULTS: FaultKind[] = [...FAULT_KINDS];

const outDir = mkdtempSync(join(tmpdir(), 'soak-test-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('pnpm soak, short', () => {
  // Its own budget: start, a few minutes of load, the drain and the stop.
  it('every fault once under traders, watchers, wallets, tickets and broadcasts: the ledger holds, every trade ends once, every balance adds up, no 500', {
    timeout: 300_000,
  }, async () => {
    const config = loadSoakConfig({
      SOAK_MINUTES: '2',
      SOAK_SEED: 'short-run',
      SOAK_FAULTS: FAULTS.join(','),
      SOAK_FAULT_EVERY_SECONDS: String(Math.floor((2 * 60) / (FAULTS.length + 0.5))),
      SOAK_FEED_CUT_SECONDS: '12',
      SOAK_SLOW_CLIENT_SECONDS: '10',
      SOAK_TRADERS: '6',
      SOAK_WATCHERS: '4',
      SOAK_TRADE_EVERY_SECONDS: '4',
      SOAK_WALLET_EVERY_SECONDS: '20',
      SOAK_TICKET_EVERY_SECONDS: '40',
      SOAK_BROADCAST_EVERY_SECONDS: '40',
      SOAK_TRADE_MAX_SECONDS: '20',
      SOAK_CHECK_EVERY_SECONDS: '10',
      SOAK_OUT: outDir,
    });
    expect(FAULT_KINDS).toEqual(expect.arrayContaining(FAULTS));
    const { report, reportFile, timelineFile } = await runSoak({
      config,
      outDir,
      bounds: false,
      // The web app is not what this measures: the launcher serves the API without a build.
      env: { SKIP_WEB_BUILD: '1', HEARTBEAT_EVERY_MS: '2000' },
      log: () => {},
    });
    const log = `report: ${JSON.stringify({ violations: report.violations, faults: report.faults }, null, 2)}`;
    expect(report.violations, log).toEqual([]);
    expect(report.faults.map((f) => f.kind).toSorted(), log).toEqual(FAULTS.toSorted());
    expect(
      report.faults.every((f) => f.clearedAfterSeconds !== null),
      log,
    ).toBe(true);
    // The launcher restarted what was killed.
    const restarted = report.launcher.filter((l) => l.kind === 'RESTARTING').map((l) => l.process);
    expect(restarted, log).toHaveLength(4);
    expect(restarted, log).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'workers', expect.stringMatching(/^gateway/)]),
    );
    // The model did each kind of work.
    expect(report.counts, log).toMatchObject({
      'trade placed (real)': expect.any(Number),
      'trade placed (practice)': expect.any(Number),
      'top-up approved': expect.any(Number),
      'withdrawal requested': expect.any(Number),
      'ticket opened': expect.any(Number),
      'broadcast sent': expect.any(Number),
    });
    expect(JSON.parse(readFileSync(reportFile, 'utf8')).ok).toBe(true);
    expect(readFileSync(timelineFile, 'utf8')).toMatch(/^<svg /);
  });
});
