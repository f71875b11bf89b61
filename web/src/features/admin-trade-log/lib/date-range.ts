/** A day as `YYYY-MM-DD` that is a real calendar day (not 2025-02-30). */
function isDay(text: string): boolean {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/**
 * The trade log's date range as typed, `YYYY-MM-DD - YYYY-MM-DD` (admin-side §2): both days,
 * from <= to, sent as the query's from and to. Empty text is no range; anything else is
 * 'invalid' (nothing is filtered by it, and the page says why).
 */
export function parseDateRange(text: string): { from: string; to: string } | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})\s*-\s*(\d{4}-\d{2}-\d{2})$/.exec(trimmed);
  if (!m?.[1] || !m[2] || !isDay(m[1]) || !isDay(m[2]) || m[1] > m[2]) return 'invalid';
  return { from: m[1], to: m[2] };
}
