/**
 * Money is integer paise in storage and arithmetic; the API speaks rupees with 2 decimals.
 * These helpers are the only place the two meet.
 */
export function paiseToRupees(paise: bigint | number): number {
  return Number(paise) / 100;
}

/**
 * Rupees as a client writes them: a JSON number, or a string of plain decimal digits, with at
 * most two decimals. The digits themselves become paise (no float arithmetic), so what is
 * accepted is exactly what was written. Anything else is null: hex ("0x10"), exponents
 * ("1e3", and a number whose shortest form needs one, such as 1e-9), signs, padding or
 * whitespace, leading zeros ("007"), a bare point ("5.", ".5"), more than two decimals,
 * Infinity, NaN, and values of any other type. Zero is "0" and comes back as 0n: whether zero
 * is allowed, and the upper bound, are the caller's rule (see `rupeeAmount` in validation.ts).
 */
export function parseRupees(value: unknown): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that reads back as this number: 0.1 is "0.1", 1e-9 stays "1e-9".
    text = String(value);
  } else if (typeof value === 'string') {
    if (value.length > 20) return null;
    text = value;
  } else {
    return null;
  }
  const match = /^(0|[1-9][0-9]{0,14})(?:\.([0-9]{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * Rupees computed by code (a sum, a balance) to paise; rejects values that are not whole
 * paise. Input from a client goes through `parseRupees` (or the `rupeeAmount` schema) first,
 * which accepts only numbers with at most two decimals: for those this conversion is exact.
 */
export function rupeesToPaise(rupees: number): bigint {
  const paise = Math.round(rupees * 100);
  if (!Number.isFinite(rupees) || Math.abs(paise - rupees * 100) > 1e-6) {
    throw new RangeError(`not a whole number of paise: ${rupees}`);
  }
  return BigInt(paise);
}

/** Paise as rupees with exactly 2 decimals and no grouping ("-1234.50"), from the integer: exact at any size. */
export function paiseToRupeesText(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,23,456.70": Indian grouping, 2 decimals. */
export function formatINR(rupees: number): string {
  return inr.format(rupees);
}

/** "₹1,23,456.70" */
export function formatRupees(rupees: number): string {
  return `₹${formatINR(rupees)}`;
}

/** Asset quantities use 8 decimals. */
export function formatQuantity(quantity: number): string {
  return quantity.toFixed(8);
}

/** K at 1e3, M at 1e6, B at 1e9, T at 1e12. */
export function abbreviateNumber(value: number, digits = 2): string {
  const abs = Math.abs(value);
  const units: Array<[number, string]> = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) return `${(value / size).toFixed(digits)}${suffix}`;
  }
  return value.toFixed(digits);
}
