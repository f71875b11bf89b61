import type { PublicUser } from '@app/shared';
import { vi } from 'vitest';

export type Handler = (request: { url: URL; method: string; headers: Headers; body: unknown }) => unknown;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * fetch answered by `routes` keyed "METHOD /path"; a handler returns a body (200) or a
 * Response. Anything else is a 404. The calls are on the returned spy.
 */
export function mockApi(routes: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ statusCode: 404, error: 'Not Found', message: 'Not found.' }, 404);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await handler({ url, method, headers, body });
    return answer instanceof Response ? answer : json(answer);
  });
}

export function user(overrides: Partial<PublicUser> & { practiceBalance?: number } = {}) {
  return {
    id: 'u1',
    firstName: 'Asha',
    lastName: 'Verma',
    username: 'asha',
    email: 'asha@example.com',
    country: 'India',
    role: 'user' as const,
    isAdmin: false,
    balance: 500,
    freezAmount: 0,
    freezReason: null,
    reputationPoints: 3,
    hasReferral: true,
    referralCode: null,
    accountHolderName: null,
    bankAccountNumber: null,
    bankName: null,
    ifscCode: null,
    banned: false,
    emailVerified: true,
    emailVerifiedAt: '2025-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    practiceBalance: 100_000,
    ...overrides,
  };
}
