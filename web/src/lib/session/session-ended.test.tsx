import '../../i18n/index.ts';
import { SESSION_ENDED_MESSAGES, sessionEndedEvent } from '@app/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionEndedNotice } from '../../components/SessionEndedNotice.tsx';
import { json, mockApi, user } from '../../test/api-router.ts';
import { render } from '../../test/render.tsx';
import { startedRealtime } from '../../test/socket-mock.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { sessionEnded } from './session-ended.ts';
import { useSession } from './session-store.ts';

/** A realtime client signed in with 'tok', wired to the session as lib/socket.ts wires it. */
function signedIn() {
  useSession.getState().signIn('tok', user());
  const { realtime, server } = startedRealtime();
  realtime.onSessionEnded((event, token) => void sessionEnded(event, token));
  return { realtime, server };
}

afterEach(() => {
  useSession.getState().logout();
  useSession.getState().dismissEnded();
});

describe('a session ended by the server', () => {
  it('signs this device out and shows the reason until it is dismissed', async () => {
    const { server } = signedIn();
    render(<SessionEndedNotice />);
    expect(screen.queryByTestId('session-ended')).toBeNull();

    act(() => server().serverEmit('session:ended', sessionEndedEvent('logged_out_everywhere')));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(useSession.getState().user).toBeNull();
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    expect((await screen.findByTestId('session-ended')).textContent).toContain(
      SESSION_ENDED_MESSAGES.logged_out_everywhere,
    );
    // The socket goes on anonymously: its token is dead.
    server().drop();
    expect(server().handshake()).toEqual({});

    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });

  it('keeps this device signed in when its own password change ended the sessions', async () => {
    const { server } = signedIn();
    let answer: (value: { message: string; token: string }) => void = () => {};
    const change = useSession
      .getState()
      .renewToken(() => new Promise<{ message: string; token: string }>((resolve) => (answer = resolve)));
    // Every socket of the user is told before this device has the answer with its new token.
    server().serverEmit('session:ended', sessionEndedEvent('password_changed'));
    await Promise.resolve();
    expect(useSession.getState().token).toBe('tok');
    answer({ message: 'Password changed successfully.', token: 'tok-2' });
    await change;
    await useSession.getState().renewed();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(useSession.getState().token).toBe('tok-2');
    expect(useSession.getState().user?.id).toBe('u1');
    expect(useSession.getState().endedMessage).toBeNull();
  });

  it('keeps this device signed in when a check of the session meets the token its own renewal just ended', async () => {
    signedIn();
    let answer: (value: { message: string; token: string }) => void = () => {};
    const me = mockApi({
      'GET /api/auth/me': ({ headers }) =>
        headers.get('authorization') === 'Bearer tok-2'
          ? { user: user({ balance: 700 }) }
          : json({ statusCode: 401, error: 'Unauthorized', message: 'Session expired.' }, 401),
    });
    // Turning on two-factor sign-in ends every session; the check (a socket's refused
    // handshake, say) asks with the old token before this device has the answer.
    const change = useSession
      .getState()
      .renewToken(() => new Promise<{ message: string; token: string }>((resolve) => (answer = resolve)));
    const check = useSession.getState().refresh();
    await waitFor(() => expect(me).toHaveBeenCalledTimes(1));
    answer({ message: 'Two-factor authentication is on.', token: 'tok-2' });
    await change;
    await check;

    expect(me).toHaveBeenCalledTimes(2);
    expect(useSession.getState().token).toBe('tok-2');
    expect(useSession.getState().user?.balance).toBe(700);
    me.mockRestore();
  });

  it('signs out when a check of the session meets a dead token and no renewal replaced it', async () => {
    signedIn();
    const me = mockApi({
      'GET /api/auth/me': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Session expired.' }, 401),
    });
    await useSession.getState().refresh();
    expect(useSession.getState().token).toBeNull();
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    me.mockRestore();
  });

  it('goes on with the token another tab of this browser stored after its own password change', async () => {
    const { server } = signedIn();
    const me = mockApi({ 'GET /api/auth/me': () => ({ user: user() }) });
    storage.set(STORAGE_KEYS.token, 'tok-from-other-tab');
    server().serverEmit('session:ended', sessionEndedEvent('password_changed'));
    await waitFor(() => expect(useSession.getState().token).toBe('tok-from-other-tab'));
    await waitFor(() => expect(me).toHaveBeenCalledTimes(1));
    expect(storage.get(STORAGE_KEYS.token)).toBe('tok-from-other-tab');
    expect(useSession.getState().user?.id).toBe('u1');
    expect(useSession.getState().endedMessage).toBeNull();
    me.mockRestore();
  });

  it('leaves a session that already moved on: a new sign-in, or sign-out', async () => {
    const { server } = signedIn();
    useSession.getState().signIn('tok-other', user({ id: 'u2' }));
    server().serverEmit('session:ended', sessionEndedEvent('banned'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSession.getState().token).toBe('tok-other');
    expect(useSession.getState().endedMessage).toBeNull();

    await sessionEnded(sessionEndedEvent('banned'), null);
    expect(useSession.getState().token).toBe('tok-other');
  });
});
