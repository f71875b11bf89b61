/**
 * Money is integer paise in storage and arithmetic; the API speaks rupees with 2 decimals.
 * These helpers are the only place the two meet.
 */
export function paiseToRupees(paise: bigint | number): number {
  return Number(paise) / 100;
}

/** Rupees (at most 2 decimals) to paise; rejects values that are not whole paise. */
export function rupeesToPaise(rupees: number): bigint {
  const paise = Math.round(rupees * 100);
  if (!Number.isFinite(rupees) || Math.abs(paise - rupees * 100) > 1e-6) {
    throw new RangeError(`not a whole number of paise: ${rupees}`);
  }
  return BigInt(paise);
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
