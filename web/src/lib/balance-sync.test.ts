import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../test/api-router.ts';
import { settled, trade } from '../test/fixtures.ts';
import { startedRealtime } from '../test/socket-mock.ts';
import { connectBalances } from './balance-sync.ts';
import { useSession } from './session/index.ts';

function setup() {
  const { realtime, connection, server } = startedRealtime();
  const load = vi.fn(async () => {});
  const undo = connectBalances(realtime, connection, load);
  return { server, connection, load, undo };
}

afterEach(() => {
  useSession.setState({ user: null, token: null });
});

describe('live balances', () => {
  it('the balance event updates the user of the session without a refetch', () => {
    useSession.setState({ token: 'tok', user: user({ balance: 500, practiceBalance: 100_000 }) });
    const { server, load, undo } = setup();
    expect(load).toHaveBeenCalledTimes(1); // once for the signed-in user
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    server().serverEmit('balance', { real: 500, practice: 99_900, reason: 'trade_stake' });
    expect(useSession.getState().user).toMatchObject({ balance: 500, practiceBalance: 99_900 });
    server().serverEmit('trade:settled', {
      trade: settled(trade()),
      balances: { real: 500, practice: 100_020 },
    });
    expect(useSession.getState().user).toMatchObject({ balance: 500, practiceBalance: 100_020 });
    server().serverEmit('balance', { real: 1_234.5, practice: 100_020, reason: 'admin_adjustment' });
    expect(useSession.getState().user?.balance).toBe(1_234.5);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    undo();
    fetchSpy.mockRestore();
  });

  it('reloads the balances after a reconnect and for a newly signed-in user', () => {
    const { server, load, undo } = setup();
    expect(load).not.toHaveBeenCalled(); // nobody signed in
    useSession.getState().signIn('tok2', user({ id: 'u2' }));
    expect(load).toHaveBeenCalledTimes(1);
    server().drop();
    server().accept();
    expect(load).toHaveBeenCalledTimes(2);
    undo();
  });

  it('ignores balances while signed out', () => {
    useSession.setState({ user: null });
    useSession.getState().applyBalances({ real: 1, practice: 2 });
    expect(useSession.getState().user).toBeNull();
  });
});
