import '../../../i18n/index.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().logout();
});

const page = () =>
  render(
    <MemoryRouter initialEntries={['/home']}>
      <VerifyEmailBanner />
      <Link to="/market">Market</Link>
    </MemoryRouter>,
  );
const banner = () => screen.queryByTestId('verify-email-banner');

describe('VerifyEmailBanner', () => {
  it('is not shown to a verified user or to a visitor', () => {
    page();
    expect(banner()).toBeNull();
    useSession.getState().signIn('t', user({ emailVerified: true }));
    expect(banner()).toBeNull();
  });

  it('asks an unverified user to verify, sends the link again on Resend', async () => {
    const api = mockApi({ 'POST /api/auth/resend-verification': () => ({ message: MSG.verificationSent }) });
    useSession.getState().signIn('t', user({ emailVerified: false, emailVerifiedAt: null }));
    page();
    expect(banner()?.textContent).toContain('Please confirm your email address');
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await screen.findByText(MSG.verificationSent);
    expect(api).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('shows the wait when the account asked too often (429)', async () => {
    const message = `${MSG.accountMailsTooMany} Try again in 37 minutes.`;
    mockApi({
      'POST /api/auth/resend-verification': () =>
        json({ statusCode: 429, error: 'Too Many Requests', message }, 429),
    });
    useSession.getState().signIn('t', user({ emailVerified: false, emailVerifiedAt: null }));
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('stays away after Dismiss on this page only', () => {
    useSession.getState().signIn('t', user({ emailVerified: false, emailVerifiedAt: null }));
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Market' }));
    expect(banner()).not.toBeNull();
  });
});
