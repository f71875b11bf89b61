import '../../../i18n/index.ts';
import { MSG, sessionEndedEvent } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionEndedNotice } from '../../../components/SessionEndedNotice.tsx';
import { sessionEnded, useSession } from '../../../lib/session/index.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { startedRealtime } from '../../../test/socket-mock.ts';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().logout();
  useSession.getState().dismissEnded();
});

describe('turning two-factor sign-in on', () => {
  it("keeps this device signed in on the answer's new token while the other sessions end", async () => {
    useSession.getState().signIn('tok', user());
    const { realtime, server } = startedRealtime();
    realtime.onSessionEnded((event, token) => void sessionEnded(event, token));
    const enabledWith: Array<string | null> = [];
    mockApi({
      'GET /api/auth/2fa': () => ({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      'POST /api/auth/2fa/setup': () => ({
        uri: 'otpauth://totp/CoinPulse:asha?secret=JBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXP',
        recoveryCodes: ['ABCD-EFGH-JKLM-NPQR'],
      }),
      'POST /api/auth/2fa/enable': async ({ headers }) => {
        enabledWith.push(headers.get('authorization'));
        // Sent, then every socket of the user is told before this device has the answer.
        await Promise.resolve();
        server().serverEmit('session:ended', sessionEndedEvent('two_factor_enabled'));
        return { message: MSG.twoFactorEnabled, token: 'tok-2' };
      },
    });
    const onEnabled = vi.fn();
    render(
      <>
        <SessionEndedNotice />
        <TwoFactorSetup onEnabled={onEnabled} />
      </>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(onEnabled).toHaveBeenCalledWith(MSG.twoFactorEnabled));
    await useSession.getState().renewed();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(enabledWith).toEqual(['Bearer tok']);
    expect(useSession.getState().token).toBe('tok-2');
    expect(useSession.getState().user?.id).toBe('u1');
    expect(useSession.getState().endedMessage).toBeNull();
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});
