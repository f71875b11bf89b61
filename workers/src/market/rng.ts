/**
 * Seeded pseudo-random numbers for the simulated feed: the same seed gives the same prices
 * on every machine and run. sfc32 seeded from a string hash (cyrb128); not for secrets.
 */
export type Rng = { next: () => number; normal: () => number };

/** Four 32-bit words naming a stream of numbers (a seed and a coin, hashed once). */
export type RngKey = readonly [number, number, number, number];

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1_779_033_703;
  let h2 = 3_144_134_277;
  let h3 = 1_013_904_242;
  let h4 = 2_773_480_762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597_399_067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2_869_860_233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951_274_213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2_716_044_179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597_399_067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2_869_860_233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951_274_213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2_716_044_179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(a: number, b: number, c: number, d: number): Rng {
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 12; i++) next(); // discard the first outputs, weakly mixed
  let spare: number | null = null;
  // Box-Muller: two uniforms give two independent standard normals.
  const normal = () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = next();
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
  return { next, normal };
}

/** A generator for `parts` joined, e.g. createRng(seed, 'BTC', 'walk'). */
export function createRng(...parts: string[]): Rng {
  const [a, b, c, d] = cyrb128(parts.join('\u0000'));
  return sfc32(a, b, c, d);
}

/** The key of `parts` joined, for `keyedRng`. */
export function rngKey(...parts: string[]): RngKey {
  return cyrb128(parts.join('\u0000'));
}

/** murmur3's mixing of one 32-bit word into a running hash. */
function mixWord(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A generator for a key and whole numbers (safe integers, e.g. a time index): cheap enough to
 * make one per candle, so any candle's numbers can be drawn without drawing those before it.
 */
export function keyedRng(key: RngKey, ...ints: number[]): Rng {
  const state = key.map((word, lane) => {
    let h = mixWord(word, lane);
    for (const n of ints) {
      h = mixWord(h, n >>> 0);
      h = mixWord(h, Math.floor(n / 4_294_967_296) >>> 0);
    }
    return finish(mixWord(h, ints.length));
  });
  return sfc32(state[0] ?? 0, state[1] ?? 0, state[2] ?? 0, state[3] ?? 0);
}
