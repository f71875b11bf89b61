import type { Rng } from './rng.ts';
import type { Node } from './sim-levels.ts';

/** Highest point of a Brownian bridge from `a` to `b` with variance `varT`, at quantile `u`. */
export function bridgeMax(a: number, b: number, varT: number, u: number): number {
  const c = (-varT * Math.log(u)) / 2;
  return (a + b + Math.sqrt((a - b) ** 2 + 4 * c)) / 2;
}

export function bridgeMin(a: number, b: number, varT: number, u: number): number {
  const c = (-varT * Math.log(u)) / 2;
  return (a + b - Math.sqrt((a - b) ** 2 + 4 * c)) / 2;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Split a node into `n` children whose aggregate is exactly it: the first open, the last
 * close, the highest high and the lowest low are the parent's. `steps` children are the ticks
 * (one price each; the parent's open and close are the first and the last); otherwise candles.
 * `unitVar` is the log price's variance over one child's span, `stepSd` its deviation over one
 * step (a candle opens that far from the close before it).
 */
export function splitNode(
  { o, h, l, c, v }: Node,
  n: number,
  { unitVar, stepSd, steps }: { unitVar: number; stepSd: number; steps: boolean },
  rng: Rng,
): Node[] {
  // Where the high and the low are reached, drawn by how likely a walk is to pass through
  // them then; the path is drawn through them, so it nears them as a walk would.
  const end = steps ? n - 1 : n;
  const needHigh = h > Math.max(o, c);
  const needLow = l < Math.min(o, c);
  const at0 = (value: number) => (value === o ? 0 : end);
  const child = (t: number) => Math.min(n - 1, Math.floor(t));
  const inner = steps
    ? Array.from({ length: n - 2 }, (_, i) => i + 1)
    : Array.from({ length: n }, (_, i) => i + 0.5);
  const options: Array<[number, number]> = [];
  for (const th of needHigh ? inner : [at0(h)]) {
    for (const tl of needLow ? inner : [at0(l)]) {
      if (th !== tl) options.push([th, tl]);
      else if (!steps && needHigh && needLow) options.push([th - 0.2, tl + 0.2], [th + 0.2, tl - 0.2]);
    }
  }
  if (options.length === 0) options.push([at0(h), at0(l)]); // a flat candle
  const seg = (dv: number, dt: number) =>
    dt <= 0 ? (dv === 0 ? 0 : Number.NEGATIVE_INFINITY) : -(dv * dv) / (2 * unitVar * dt) - Math.log(dt) / 2;
  const logW = options.map(([th, tl]) =>
    th < tl
      ? seg(h - o, th) + seg(l - h, tl - th) + seg(c - l, end - tl)
      : seg(l - o, tl) + seg(h - l, th - tl) + seg(c - h, end - th),
  );
  const top = Math.max(...logW);
  const weights0 = logW.map((w) => Math.exp(w - top));
  let pick = rng.next() * weights0.reduce((sum, w) => sum + w, 0);
  let chosen = options[options.length - 1]!;
  for (let i = 0; i < options.length; i++) {
    pick -= weights0[i]!;
    if (pick < 0) {
      chosen = options[i]!;
      break;
    }
  }
  const [tHigh, tLow] = chosen;
  const highAt = child(tHigh);
  const lowAt = child(tLow);
  const anchors: Array<[number, number]> = [
    [0, o],
    [end, c],
  ];
  if (needHigh) anchors.push([tHigh, h]);
  if (needLow) anchors.push([tLow, l]);
  anchors.sort((x, y) => x[0] - y[0]);
  // The path at whole times (child boundaries, or steps): a Brownian bridge between anchors.
  const at: number[] = [o];
  let prev: [number, number] = [0, o];
  let next = 1;
  for (let t = 1; t < end; t++) {
    while (anchors[next]![0] < t) prev = anchors[next++]!;
    const [tb, vb] = anchors[next]!;
    if (tb === t) {
      at.push(vb);
      prev = [tb, vb];
      continue;
    }
    const [ta, va] = prev;
    const mean = va + ((vb - va) * (t - ta)) / (tb - ta);
    const sd = Math.sqrt((unitVar * (t - ta) * (tb - t)) / (tb - ta));
    const x = clamp(mean + sd * rng.normal(), l, h);
    at.push(x);
    prev = [t, x];
  }
  at.push(c);
  const weights = Array.from({ length: n }, () => Math.exp(0.5 * rng.normal()));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const volume = (i: number) => (v * weights[i]!) / total;

  if (steps) return at.map((p, i) => ({ o: p, h: p, l: p, c: p, v: volume(i) }));
  return weights.map((_, i) => {
    const co = i === 0 ? o : clamp(at[i]! + stepSd * rng.normal(), l, h);
    const cc = at[i + 1]!;
    return {
      o: co,
      h: i === highAt ? h : Math.min(h, bridgeMax(co, cc, unitVar, 1 - rng.next())),
      l: i === lowAt ? l : Math.max(l, bridgeMin(co, cc, unitVar, 1 - rng.next())),
      c: cc,
      v: volume(i),
    };
  });
}
