import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildWeb,
  describeSizes,
  gzipSizes,
  kb,
  type Manifest,
  pageScripts,
  readManifest,
  TRADE_JS_BUDGET_KB,
  TRADE_ON_DEMAND,
} from './lib/web-budget.ts';

describe('pageScripts', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      imports: ['_react.js'],
      dynamicImports: ['src/Chart.tsx', 'src/Admin.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    'src/Chart.tsx': { file: 'assets/Chart.js', imports: ['_charts.js'] },
    '_charts.js': { file: 'assets/charts.js' },
    'src/Admin.tsx': { file: 'assets/Admin.js', imports: ['_forms.js'] },
    '_forms.js': { file: 'assets/forms.js' },
    'style.css': { file: 'assets/index.css' },
  };

  it('counts the entry, its static imports and the named on-demand modules with theirs', () => {
    expect(pageScripts(manifest, ['src/Chart.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/Chart.js',
      'assets/charts.js',
    ]);
  });

  it('refuses an on-demand module the page cannot load, so a stale list fails loudly', () => {
    expect(() => pageScripts(manifest, ['src/Gone.tsx'])).toThrow(/not loaded on demand/);
    expect(() => pageScripts({ 'index.html': { file: 'a.js' }, x: { file: 'x.js' } }, ['x'])).toThrow(
      /not loaded on demand/,
    );
  });
});

describe('the web build', () => {
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-budget-'));
    await buildWeb(dist);
  }, 300_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it(`keeps what /trade/BTC-INR downloads within ${TRADE_JS_BUDGET_KB} KB of gzipped JavaScript`, () => {
    const sizes = gzipSizes(dist, pageScripts(readManifest(dist), TRADE_ON_DEMAND));
    const total = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`/trade/BTC-INR: ${kb(total)} KB of gzipped JavaScript in ${sizes.length} files`);
    expect(
      total,
      `/trade/BTC-INR downloads ${kb(total)} KB of gzipped JavaScript, over its ${TRADE_JS_BUDGET_KB} KB budget:\n${describeSizes(sizes)}`,
    ).toBeLessThanOrEqual(TRADE_JS_BUDGET_KB * 1024);
  });

  it('loads lightweight-charts only with a chart, never with the first bundle', () => {
    const manifest = readManifest(dist);
    const first = pageScripts(manifest, []);
    const withChart = first.filter((file) =>
      readFileSync(join(dist, file), 'utf8').includes('lightweight-charts'),
    );
    expect(withChart).toEqual([]);
    const chart = pageScripts(manifest, TRADE_ON_DEMAND).filter((file) => !first.includes(file));
    expect(chart.some((file) => readFileSync(join(dist, file), 'utf8').includes('lightweight-charts'))).toBe(
      true,
    );
  });

  it('writes a brotli and a gzip copy beside each bundle, and no bundle names a source map', () => {
    const assets = join(dist, 'assets');
    const bundles = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
    expect(bundles.length).toBeGreaterThan(0);
    for (const name of bundles) {
      const path = join(assets, name);
      if (statSync(path).size >= 1024) {
        expect(existsSync(`${path}.br`), name).toBe(true);
        expect(existsSync(`${path}.gz`), name).toBe(true);
      }
      expect(readFileSync(path, 'utf8'), name).not.toMatch(/sourceMappingURL/);
    }
    expect(readdirSync(dist)).toContain('index.html.br');
  });
});
