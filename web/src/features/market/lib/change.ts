export type Change = { change: number; percent: number; up: boolean };

/**
 * Change from the first point of a series to the latest price (the live one when there is
 * one, else the series' last point). Zero counts as up, as the page shows it in green.
 */
export function changeSinceFirst(points: readonly number[], live?: number | null): Change | null {
  const first = points[0];
  const last = live ?? points[points.length - 1];
  if (first === undefined || last === undefined || !Number.isFinite(first) || first === 0) return null;
  const change = last - first;
  const percent = (change / first) * 100;
  return { change, percent, up: change >= 0 };
}
