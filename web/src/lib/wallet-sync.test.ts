import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../test/api-router.ts';
import { startedRealtime } from '../test/socket-mock.ts';
import { useSession } from './session/index.ts';
import { connectWallet } from './wallet-sync.ts';

function setup() {
  const { realtime, connection, server } = startedRealtime();
  const refresh = vi.fn(async () => {});
  const undo = connectWallet(realtime, connection, refresh);
  return { server, refresh, undo };
}

afterEach(() => {
  useSession.setState({ user: null, token: null });
});

describe('wallet live events', () => {
  it('a hold event sets the amount and reason on the session user, keeping the practice balance', () => {
    useSession.setState({ token: 'tok', user: user({ balance: 900, practiceBalance: 5 }) });
    const { server, undo } = setup();
    server().serverEmit('hold', { freezAmount: 250.5, freezReason: 'Bank check' });
    expect(useSession.getState().user).toMatchObject({
      balance: 900,
      practiceBalance: 5,
      freezAmount: 250.5,
      freezReason: 'Bank check',
    });
    server().serverEmit('hold', { freezAmount: 0, freezReason: null });
    expect(useSession.getState().user).toMatchObject({ freezAmount: 0, freezReason: null });
    undo();
  });

  it('fetches the user again after a reconnect (a hold may have been missed)', () => {
    useSession.setState({ token: 'tok', user: user() });
    const { server, refresh, undo } = setup();
    expect(refresh).not.toHaveBeenCalled();
    server().drop();
    server().accept();
    expect(refresh).toHaveBeenCalledTimes(1);
    undo();
    server().drop();
    server().accept();
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
