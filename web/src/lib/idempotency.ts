/**
 * An Idempotency-Key for one money request: 32 random hex digits (crypto.getRandomValues works
 * on plain http too). A form keeps its key until the request succeeds or the form changes, so
 * a retry after a lost answer never moves money twice.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
