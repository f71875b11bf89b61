import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, user } from '../../test/api-router.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { useSession } from './session-store.ts';

afterEach(() => {
  useSession.getState().logout();
  vi.restoreAllMocks();
});

/** GET /api/auth/me answering each call with the next of `answers` (a Response, or an error fetch throws). */
function meAnswers(answers: Array<Response | Error | DOMException>) {
  let calls = 0;
  mockApi({
    'GET /api/auth/me': () => {
      const answer = answers[Math.min(calls++, answers.length - 1)];
      if (answer instanceof Response) return answer;
      throw answer;
    },
  });
  return () => calls;
}

describe('the session check on start', () => {
  it('keeps the stored session when the check gets no answer, is cut off or meets a server error, and asks again', async () => {
    storage.set(STORAGE_KEYS.token, 'tok');
    const calls = meAnswers([
      new TypeError('Failed to fetch'),
      new DOMException('The user aborted a request.', 'AbortError'),
      json({ statusCode: 503, error: 'Service Unavailable', message: 'Try again.' }, 503),
      json({ user: user() }),
    ]);
    await useSession.getState().bootstrap();
    expect(calls()).toBe(4);
    expect(useSession.getState()).toMatchObject({ token: 'tok', status: 'ready', user: { id: 'u1' } });
    expect(storage.get(STORAGE_KEYS.token)).toBe('tok');
  });

  it('signs out at once when the API says the token no longer works', async () => {
    storage.set(STORAGE_KEYS.token, 'old');
    const calls = meAnswers([json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, 401)]);
    await useSession.getState().bootstrap();
    expect(calls()).toBe(1);
    expect(useSession.getState()).toMatchObject({ token: null, user: null, status: 'ready' });
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  });
});
