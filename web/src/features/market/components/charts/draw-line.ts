import { CHART_COLORS } from './chart-colors.ts';

/** A sparkline of `prices` filling the canvas at the device's pixel ratio. */
export function drawLine(canvas: HTMLCanvasElement, prices: readonly number[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (width === 0 || height === 0) return;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (prices.length < 2) return;

  const pad = 6;
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min || Math.abs(max) * 1e-6 || 1;
  const x = (i: number) => pad + (i / (prices.length - 1)) * (width - pad * 2);
  const y = (p: number) => pad + (1 - (p - min) / span) * (height - pad * 2);
  const first = prices[0] ?? 0;
  const last = prices[prices.length - 1] ?? 0;
  const color = last >= first ? CHART_COLORS.up : CHART_COLORS.down;

  ctx.beginPath();
  prices.forEach((p, i) => {
    if (i === 0) ctx.moveTo(x(i), y(p));
    else ctx.lineTo(x(i), y(p));
  });
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.stroke();

  ctx.lineTo(x(prices.length - 1), height);
  ctx.lineTo(x(0), height);
  ctx.closePath();
  const fill = ctx.createLinearGradient(0, 0, 0, height);
  fill.addColorStop(0, `${color}40`);
  fill.addColorStop(1, `${color}00`);
  ctx.fillStyle = fill;
  ctx.fill();

  ctx.beginPath();
  ctx.arc(x(prices.length - 1), y(last), 3, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
}
