/**
 * `pnpm bench web [url]`: how long a first visit to /trade/BTC-INR takes until the candle chart
 * shows prices, in headless Chromium on an emulated "Fast 3G" line (1.6 Mbps down, 750 kbps up,
 * 150 ms round trip) with the CPU slowed 4x, each run in a fresh profile (nothing cached).
 * Also what the browser downloaded: JavaScript bytes on the wire and in all.
 *
 * Without a url it starts the platform as the end-to-end tests do (`pnpm start` on a fresh
 * database, simulated prices, web build included); with one it measures that server.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { openBrowser, type Platform, startPlatform } from '../lib/e2e.ts';
import { deleteRedisPrefix } from '../lib/services.ts';

const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 5);
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The little of the DOM the chart check uses (it runs in the page; this package has no DOM types). */
type PageElement = {
  querySelector(selector: string): PageElement | null;
  closest(selector: string): PageElement | null;
};

type Run = { chartMs: number; jsWireBytes: number; allWireBytes: number; jsFiles: number };

async function measureOnce(url: string): Promise<Run> {
  const browser = await openBrowser();
  try {
    const { page, context } = browser;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const types = new Map<string, string>();
    let jsWireBytes = 0;
    let allWireBytes = 0;
    let jsFiles = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      allWireBytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') {
        jsWireBytes += e.encodedDataLength;
        jsFiles += 1;
      }
    });
    page.setDefaultTimeout(120_000);
    await page.goto(`${url}/trade/BTC-INR`, { waitUntil: 'commit', timeout: 120_000 });
    // The chart shows prices once its canvas is drawn and no loading or empty notice covers it.
    const handle = await page.waitForFunction(
      () => {
        const doc = (globalThis as unknown as { document: PageElement }).document;
        const chart = doc.querySelector('[data-testid="candle-chart"]');
        const covered = chart
          ?.closest('.chart-box')
          ?.querySelector('.chart-overlay:not(.chart-overlay-subtle)');
        return chart?.querySelector('canvas') && !covered ? performance.now() : 0;
      },
      undefined,
      { polling: 50, timeout: 120_000 },
    );
    const chartMs = (await handle.jsonValue()) as number;
    return { chartMs, jsWireBytes, allWireBytes, jsFiles };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function runWebBench(url?: string): Promise<void> {
  let platform: Platform | undefined;
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `bench-web:${randomBytes(4).toString('hex')}:`;
  try {
    if (!url) {
      console.log('\nWeb delivery: starting the platform (web build included)…');
      platform = await startPlatform({
        adminDatabaseUrl: process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL,
        redisUrl,
        redisPrefix,
        // The production build, without the end-to-end test hooks.
        env: { VITE_E2E: '0' },
      });
    }
    const target = url ?? (platform as Platform).url;
    // A first visit warms the server (its caches, the simulated feed's history); not counted.
    await measureOnce(target);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(target));
    console.log(
      `\nWeb delivery: first visit to ${target}/trade/BTC-INR, Fast 3G and 4x CPU slowdown, ${RUNS} runs`,
    );
    console.log(
      `  chart shows prices after (median)  ${(median(runs.map((r) => r.chartMs)) / 1000).toFixed(2)} s`,
    );
    console.log(
      `  each run                           ${runs.map((r) => (r.chartMs / 1000).toFixed(2)).join(' ')} s`,
    );
    console.log(
      `  JavaScript over the wire           ${kb(median(runs.map((r) => r.jsWireBytes)))} in ${runs[0]?.jsFiles} files`,
    );
    console.log(`  everything over the wire           ${kb(median(runs.map((r) => r.allWireBytes)))}`);
  } finally {
    await platform?.stop();
    if (platform) await deleteRedisPrefix(redisUrl, redisPrefix).catch(() => 0);
  }
}
