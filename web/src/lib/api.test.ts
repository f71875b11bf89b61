import { balancesResponseSchema } from '@app/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api-router.ts';
import { ApiError, api, serverMessageOr } from './api.ts';

afterEach(() => vi.restoreAllMocks());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('API client', () => {
  it('returns the answer checked by its response schema', async () => {
    mockApi({ 'GET /api/user/me/balances': () => ({ balances: { real: 10, practice: 20 } }) });
    expect(await api('/api/user/me/balances', balancesResponseSchema)).toEqual({
      balances: { real: 10, practice: 20 },
    });
  });

  it('raises ApiError for a 2xx answer of the wrong shape, with a readable message', async () => {
    mockApi({ 'GET /api/user/me/balances': () => ({ balances: { real: '10' } }) });
    const error = await failure(api('/api/user/me/balances', balancesResponseSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'schema', status: 200, serverMessage: null });
    expect((error as ApiError).message).toBe('Unexpected answer from the server.');
  });

  it('a 4xx carries the server message, which the screens show', async () => {
    mockApi({
      'POST /api/user/me/practice/reset': () =>
        json({ statusCode: 429, error: 'Too Many Requests', message: 'Please wait a minute.' }, 429),
    });
    const error = await failure(
      api('/api/user/me/practice/reset', balancesResponseSchema, { method: 'POST' }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 429, serverMessage: 'Please wait a minute.' });
    expect(serverMessageOr(error, 'fallback')).toBe('Please wait a minute.');
  });

  it('no answer is a network ApiError with status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api('/api/user/me/balances', balancesResponseSchema));
    expect(error).toMatchObject({ kind: 'network', status: 0, serverMessage: null });
    expect(serverMessageOr(error, 'fallback')).toBe('fallback');
  });

  it('sends JSON with the bearer token, and FormData as it is', async () => {
    localStorage.setItem('token', 'tok');
    const seen: Array<{ headers: Headers; body: unknown }> = [];
    mockApi({
      'POST /api/x': ({ headers, body }) => {
        seen.push({ headers, body });
        return { balances: { real: 1, practice: 2 } };
      },
    });
    await api('/api/x', balancesResponseSchema, { method: 'POST', body: { a: 1 } });
    expect(seen[0]?.body).toEqual({ a: 1 });
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok');

    const fetchSpy = vi.mocked(globalThis.fetch);
    const form = new FormData();
    form.append('amount', '5');
    await api('/api/x', balancesResponseSchema, { method: 'POST', body: form });
    const init = fetchSpy.mock.calls.at(-1)?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
    localStorage.removeItem('token');
  });
});
