import { retryLaterMessage } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** How many answers of a burst had each status, e.g. `{ 201: 10, 429: 20 }`. */
export function statusCounts(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of answers) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

/**
 * Every 429 of a burst refused by an hourly rate whose window has just started: Retry-After
 * is the rest of the hour, and the message `message` with that wait.
 */
export function expectHourlyRefusals(answers: LightMyRequestResponse[], message: string): void {
  const refused = answers.filter((r) => r.statusCode === 429);
  expect(refused.length).toBeGreaterThan(0);
  for (const r of refused) {
    const wait = Number(r.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(r.json().message).toBe(retryLaterMessage(message, wait));
  }
}
