/**
 * What a page of the web build downloads, from Vite's build manifest: the entry, every chunk
 * it imports statically, and the modules the page loads on demand (with their own imports).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const WEB = fileURLToPath(new URL('../../web', import.meta.url));

/** Gzipped JavaScript /trade/BTC-INR may download until its chart can draw (KB = 1024 bytes). */
export const TRADE_JS_BUDGET_KB = 250;

/**
 * Manifest keys of what /trade loads on demand as it renders: the candle chart (with
 * lightweight-charts). A lazy module the page does not open at once (a dialog, another
 * language) is not listed.
 */
export const TRADE_ON_DEMAND = ['src/features/market/components/charts/CandleChart.tsx'] as const;

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The JavaScript files a page loads, entry first. */
export function pageScripts(manifest: Manifest, onDemand: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const key of onDemand) {
    const loadable = [...seen].some((k) => manifest[k]?.dynamicImports?.includes(key));
    if (!loadable)
      throw new Error(`${key} is not loaded on demand by the page's chunks: is the list out of date?`);
    visit(key);
  }
  return [...seen].map((key) => (manifest[key] as ManifestChunk).file).filter((file) => file.endsWith('.js'));
}

export type ScriptSize = { file: string; gzipBytes: number };

/** Each file's size gzipped as the build's .gz copies are (level 9). */
export function gzipSizes(dist: string, files: readonly string[]): ScriptSize[] {
  return files.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** `file  12.3 KB` lines, largest first. */
export function describeSizes(sizes: readonly ScriptSize[]): string {
  return [...sizes]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => `  ${kb(s.gzipBytes).padStart(6)} KB  ${s.file}`)
    .join('\n');
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * Builds the web app into `outDir` with its manifest, as `pnpm start` builds it (production
 * mode: the test runner's NODE_ENV and VITEST_* stay out of the build).
 */
export async function buildWeb(outDir: string): Promise<void> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV'),
  );
  await promisify(execFile)(
    process.execPath,
    [
      join(WEB, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
    ],
    { cwd: WEB, env, maxBuffer: 64 * 1024 * 1024 },
  );
}
