/**
 * One soak run: the local exchange and the platform started, the model of users set up, then
 * load and faults for SOAK_MINUTES with the checks running, a drain (no new work; every trade
 * must end), the final checks, the platform stopped, and the report and timeline written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COINS } from '@app/shared';
import { COLLECT_SIGNAL } from '@app/shared/heap';
import { createRng } from '../../../workers/src/market/rng.ts';
import { type FakeBinance, startFakeBinance } from '../../../workers/src/market/testing/fake-binance.ts';
import { rssBytes } from '../proc.ts';
import { closeClients } from '../test-sockets.ts';
import { apiClient } from './api.ts';
import { Checks } from './checks.ts';
import type { SoakConfig } from './config.ts';
import { planFaults, runFault } from './faults.ts';
import { Model } from './model.ts';
import { isServer, launchPlatform, type SoakPlatform } from './platform.ts';
import { Recorder } from './recorder.ts';
import { buildReport, memoryFigures, type SoakReport, timelineSvg } from './report.ts';

export type RunOptions = {
  config: SoakConfig;
  /** The report, the picture and the launcher's log go here. */
  outDir: string;
  /**
   * Judge the time and memory bounds (`pnpm soak`). Off, only the invariants count: every trade
   * must still have ended and every watcher have prices again by the end (the test).
   */
  bounds: boolean;
  /** More settings for the platform (its processes' own, e.g. HEARTBEAT_EVERY_MS). */
  env?: Record<string, string>;
  /** Ends the load early (Ctrl-C): the drain, the checks and the report still follow. */
  signal?: AbortSignal;
  log?: (text: string) => void;
};

export type RunResult = { report: SoakReport; reportFile: string; timelineFile: string; logFile: string };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Start prices of the local exchange by coin (anything else starts at 100). */
const START_PRICES: Record<string, number> = { BTC: 65_000, ETH: 3_500, SOL: 150, BNB: 600, XRP: 0.6 };

export async function runSoak(o: RunOptions): Promise<RunResult> {
  const { config } = o;
  const log = o.log ?? ((text: string) => process.stdout.write(`[soak] ${text}\n`));
  mkdirSync(o.outDir, { recursive: true });
  const recorder = new Recorder(config.SOAK_SAMPLE_SECONDS * 1000);
  const startedAt = Date.now();
  const marketSymbol = (coin: string) => COINS.find((c) => c.symbol === coin)?.marketSymbol ?? `${coin}USDT`;

  const exchange: FakeBinance = await startFakeBinance({
    symbols: config.SOAK_COINS.map(marketSymbol),
    prices: Object.fromEntries(config.SOAK_COINS.map((c) => [marketSymbol(c), START_PRICES[c] ?? 100])),
    generate: { tradeEveryMs: 100, depthEveryMs: 500, tickerEveryMs: 1_000 },
    pingEveryMs: 20_000,
  });
  let platform: SoakPlatform | undefined;
  let checks: Checks | undefined;
  let model: Model | undefined;
  const logFile = join(o.outDir, 'launcher.log');
  let loadFrom = Date.now();
  let loadTo = loadFrom;
  try {
    log(`seed ${config.SOAK_SEED}; starting the platform (its output: ${logFile})`);
    platform = await launchPlatform({
      binance: { wsUrl: exchange.wsUrl, restUrl: exchange.restUrl },
      coins: config.SOAK_COINS,
      logFile,
      env: o.env,
    });
    const running = platform;
    log(
      `platform ready at ${running.url}; setting up ${config.SOAK_TRADERS} traders and ${config.SOAK_WATCHERS} watchers`,
    );
    const api = apiClient(running.url, recorder);
    const m = new Model({
      config,
      api,
      recorder,
      url: running.url,
      referralKey: running.referralKey,
      superadmin: running.superadmin,
    });
    model = m;
    await m.setUp();
    checks = new Checks(running.databaseUrl, {
      recorder,
      model: m,
      tradeEndBoundMs: config.SOAK_TRADE_END_BOUND_SECONDS * 1000,
      timeBounds: o.bounds,
    });
    const c = checks;
    // Prices first: the load starts once every watcher has one.
    const priced = Date.now() + 60_000;
    while (m.watchers.some((w) => w.lastTickAt <= w.createdAt) && Date.now() < priced) await sleep(250);

    loadFrom = Date.now();
    const durationMs = config.SOAK_MINUTES * 60_000;
    loadTo = loadFrom + durationMs;
    log(`load for ${config.SOAK_MINUTES} min, faults: ${config.SOAK_FAULTS.join(', ') || 'none'}`);
    m.start();

    const gapBoundMs = config.SOAK_PRICE_GAP_BOUND_SECONDS * 1000;
    const maxGap = new Map<number, number>();
    let lastCollect = 0;
    const sample = () => {
      const now = Date.now();
      for (const [name, pid] of running.processes()) {
        const rss = rssBytes(pid);
        if (rss !== undefined) recorder.sampleMemory(name, pid, rss, now);
      }
      for (const h of running.liveHeap.splice(0)) recorder.sampleLiveHeap(h.name, h.pid, h.bytes, h.at);
      // V8 may not run a full collection for an hour (the gateway's heap flags): ask for one.
      if (now - lastCollect >= config.SOAK_HEAP_EVERY_SECONDS * 1000) {
        lastCollect = now;
        for (const [name, pid] of running.processes()) {
          if (!isServer(name)) continue;
          try {
            process.kill(pid, COLLECT_SIGNAL);
          } catch {}
        }
      }
      m.forgetEvents();
      // A watcher without prices, counted from when the last fault in their way was over.
      const quietSince = recorder.lastDisturbance(now);
      for (const w of m.watchers) {
        const since = Math.max(w.lastTickAt, quietSince, loadFrom);
        const gap = now - since;
        maxGap.set(w.index, Math.max(maxGap.get(w.index) ?? 0, gap));
        if (o.bounds && gap > gapBoundMs) {
          recorder.violation(
            'price-gap',
            `watcher ${w.index} (${w.symbol}) without a price for ${Math.round(gap / 1000)} s with no fault in the way`,
            `${w.index}:${w.lastTickAt}`,
          );
        }
      }
    };
    const sampler = setInterval(sample, config.SOAK_SAMPLE_SECONDS * 1000);
    sample();
    let checking = Promise.resolve();
    const checker = setInterval(() => {
      checking = checking.then(async () => {
        await c.round();
      });
    }, config.SOAK_CHECK_EVERY_SECONDS * 1000);

    const stop = new AbortController();
    const ended = () => stop.signal.aborted || o.signal?.aborted === true || running.exit() !== undefined;
    const endTimer = setTimeout(() => stop.abort(), durationMs);
    o.signal?.addEventListener('abort', () => stop.abort());
    void running.exited.then(() => stop.abort());

    // A fault still in progress at the end is seen through before the drain: none starts in
    // the last few seconds, where it would only lengthen the run.
    const tailMs = 10_000;
    const plan = planFaults(
      createRng(config.SOAK_SEED, 'faults'),
      config.SOAK_FAULTS,
      durationMs,
      config.SOAK_FAULT_EVERY_SECONDS * 1000,
      tailMs,
    );
    const targets = createRng(config.SOAK_SEED, 'targets');
    for (const fault of plan) {
      const wait = loadFrom + fault.at - Date.now();
      if (wait > 0) await sleep(wait, stop.signal);
      if (ended()) break;
      log(`fault: ${fault.kind}`);
      const record = await runFault(fault.kind, {
        platform: running,
        exchange,
        recorder,
        rng: targets,
        coins: config.SOAK_COINS,
        feedCutMs: config.SOAK_FEED_CUT_SECONDS * 1000,
        slowClientMs: config.SOAK_SLOW_CLIENT_SECONDS * 1000,
        recoveryBoundMs: config.SOAK_RECOVERY_BOUND_SECONDS * 1000,
      });
      log(`  ${record.target}: over after ${((record.clearedAt ?? Date.now()) - record.at) / 1000} s`);
    }
    if (!ended()) await sleep(loadTo - Date.now(), stop.signal);
    clearTimeout(endTimer);
    loadTo = Date.now();
    log('load over; draining (no new work, every trade must end)');
    await m.stop();

    // The drain: every trade ends (or the bound passes), every watcher has prices again.
    const longest = config.SOAK_TRADE_MAX_SECONDS * 1000;
    const drainUntil = Date.now() + longest + config.SOAK_TRADE_END_BOUND_SECONDS * 1000 + 30_000;
    while (Date.now() < drainUntil && !running.exit()) {
      await checking;
      const round = await c.round();
      if (round.ok && round.running === 0) break;
      await sleep(2_000);
    }
    const pricesBack = Date.now() + gapBoundMs + 30_000;
    const quietSince = recorder.lastDisturbance();
    while (Date.now() < pricesBack && m.watchers.some((w) => w.lastTickAt <= quietSince)) await sleep(250);
    for (const w of m.watchers) {
      if (w.lastTickAt <= quietSince) {
        recorder.violation(
          'prices-back',
          `watcher ${w.index} (${w.symbol}) had no price after the last fault was over (${w.client.connects()} connections, ${w.client.disconnects()} disconnects)`,
          String(w.index),
        );
      }
    }
    clearInterval(sampler);
    clearInterval(checker);
    await checking;
    if (!running.exit()) await c.round(true);

    const repeated = [...m.settledEvents.values()].filter((n) => n > 1).length;
    if (repeated > 0) recorder.count('trades whose end reached the owner twice', repeated);
    const watchers = m.watchers.map((w) => ({
      symbol: w.symbol,
      connects: w.client.connects(),
      disconnects: w.client.disconnects(),
      maxGapSeconds: Math.round((maxGap.get(w.index) ?? 0) / 100) / 10,
    }));
    m.close();
    closeClients();

    const exitBefore = running.exit();
    const exit = exitBefore ?? (await running.stop());
    if (exitBefore) {
      const failed = running.lines.find((l) => l.kind === 'FAILED')?.fields.reason;
      recorder.violation(
        'platform-stopped',
        `the launcher exited (code ${exitBefore.code}): ${failed ?? 'no FAILED line'}`,
        'exit',
      );
    } else if (exit.code !== 0) {
      recorder.violation(
        'platform-stop',
        `the launcher exited ${exit.code ?? exit.signal} on SIGTERM`,
        'stop',
      );
    }

    const memory = memoryFigures(
      recorder,
      config.SOAK_WARMUP_MINUTES * 60_000,
      config.SOAK_MEMORY_MIN_MINUTES * 60_000,
    );
    if (o.bounds) {
      for (const f of memory) {
        if (f.slopeMbPerHour !== null && f.slopeMbPerHour > config.SOAK_MEMORY_SLOPE_MB_PER_HOUR) {
          recorder.violation(
            'memory-flat',
            `${f.process}'s ${f.judgedOn === 'live heap' ? 'live heap' : 'resident memory'} grew ${f.slopeMbPerHour} MB/h over ${f.judgedMinutes} min after warm-up (bound ${config.SOAK_MEMORY_SLOPE_MB_PER_HOUR})`,
            f.process,
          );
        }
      }
    }
    const endedAt = Date.now();
    const report = buildReport(recorder, config, {
      startedAt,
      loadFrom,
      loadTo,
      endedAt,
      memory,
      launcher: running.lines,
      settledEventsRepeated: repeated,
      watchers,
    });
    const reportFile = join(o.outDir, 'report.json');
    const timelineFile = join(o.outDir, 'timeline.svg');
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(timelineFile, timelineSvg(recorder, report, { loadFrom, loadTo, endedAt }));
    if (report.ok) running.cleanup();
    else log(`the platform's data is kept for a look: ${running.dataDir}`);
    return { report, reportFile, timelineFile, logFile };
  } finally {
    model?.close();
    closeClients();
    await checks?.close().catch(() => {});
    if (platform && !platform.exit()) await platform.stop();
    await exchange.close();
  }
}
