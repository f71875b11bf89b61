/**
 * Draws the app's PNG icons (web app manifest, iOS home screen) from web/public/favicon.svg
 * with headless Chromium, so the icons never drift from the favicon. Run after changing the
 * favicon and commit the PNGs:
 *
 *   node --import tsx scripts/web-icons.ts
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded corners, transparent outside).
 * - maskable-512.png: launchers cut maskable icons to circles or squircles, keeping only the
 *   centre 80 %; the mark is drawn inside that safe zone on a full-bleed background.
 * - apple-touch-icon.png (180): iOS rounds the corners itself and shows transparency as black,
 *   so it gets the full-bleed background too.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC = join(ROOT, 'web', 'public');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The favicon's own background, filling the whole square of the full-bleed icons. */
const BACKGROUND = '#0b0e11';

type Icon = { file: string; size: number; fullBleed: boolean; scale: number };

const ICONS: Icon[] = [
  { file: 'icons/icon-192.png', size: 192, fullBleed: false, scale: 1 },
  { file: 'icons/icon-512.png', size: 512, fullBleed: false, scale: 1 },
  // The favicon's square melts into the same background; its chart line reaches 0.56 of the
  // favicon's width from the centre (the green dot), so at 0.66 it stays inside the safe
  // circle (radius 0.4 of the icon).
  { file: 'icons/maskable-512.png', size: 512, fullBleed: true, scale: 0.66 },
  { file: 'icons/apple-touch-icon.png', size: 180, fullBleed: true, scale: 0.86 },
];

function page(svg: string, icon: Icon): string {
  const inner = Math.round(icon.size * icon.scale);
  const background = icon.fullBleed ? BACKGROUND : 'transparent';
  const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><body style="margin:0;background:${background}">
    <div style="width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center">
      <img src="${data}" width="${inner}" height="${inner}" alt="">
    </div></body></html>`;
}

async function main(): Promise<void> {
  const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
  mkdirSync(join(PUBLIC, 'icons'), { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    for (const icon of ICONS) {
      const tab = await browser.newPage({
        viewport: { width: icon.size, height: icon.size },
        deviceScaleFactor: 1,
      });
      await tab.setContent(page(svg, icon));
      // The scripts compile without the DOM types: the element is described by what is used.
      await tab
        .locator('img')
        .evaluate((img) => (img as unknown as { decode: () => Promise<void> }).decode());
      await tab.screenshot({
        path: join(PUBLIC, icon.file),
        omitBackground: !icon.fullBleed,
        clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      });
      await tab.close();
      console.log(`web/public/${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
