/**
 * The palette of web/src/styles/base.css, for the canvas (which cannot read CSS variables).
 * Apart from chart-theme.ts, so what draws beside a chart (the live price line) does not pull
 * lightweight-charts into the page's bundle.
 */
export const CHART_COLORS = {
  background: '#161a1e',
  text: '#848e9c',
  grid: '#1f252c',
  border: '#2b3139',
  up: '#0ecb81',
  down: '#f6465d',
  accent: '#f0b90b',
} as const;
