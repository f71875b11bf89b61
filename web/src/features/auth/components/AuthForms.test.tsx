import '../../../i18n/index.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { useAuthModal } from '../stores/auth-modal.ts';
import { AuthModals } from './AuthModals.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

beforeEach(() => useSession.setState({ token: null, user: null, status: 'ready' }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login form', () => {
  it('shows the shared schema message and sends nothing while a field is empty', async () => {
    const api = mockApi({});
    render(<LoginForm onSuccess={() => {}} switchTo={null} />);
    type('Username or Email', 'asha');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginRequired);
    expect(api).not.toHaveBeenCalled();
  });

  it("signs in with the answer, and shows the server's message when it refuses", async () => {
    let refuse = true;
    mockApi({
      'POST /api/auth/login': () =>
        refuse
          ? json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' }, 401)
          : { token: 'tok', user: user() },
    });
    const onSuccess = vi.fn();
    render(<LoginForm onSuccess={onSuccess} switchTo={null} />);
    type('Username or Email', 'asha');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(useSession.getState().user?.id).toBe('u1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('login form with two-factor sign-in', () => {
  it('asks for a code after the password and signs in with the answer to the challenge', async () => {
    const verify = vi.fn((body: unknown) => {
      expect(body).toEqual({ challenge: 'ch-1', code: '123456' });
      return { token: 'tok', user: user() };
    });
    mockApi({
      'POST /api/auth/login': () => ({ twoFactorRequired: true, challenge: 'ch-1' }),
      'POST /api/auth/2fa/verify': ({ body }: { body: unknown }) => verify(body),
    });
    const onSuccess = vi.fn();
    render(<LoginForm onSuccess={onSuccess} switchTo={null} />);
    type('Username or Email', 'asha');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('two-factor-step');
    expect(useSession.getState().token).toBeNull();
    type('Code from the app', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(undefined));
    expect(useSession.getState().user?.id).toBe('u1');
  });

  it('sends a staff account without it to the setup first', async () => {
    mockApi({ 'POST /api/auth/login': () => ({ token: 'tok', user: user(), twoFactorSetupRequired: true }) });
    const onSuccess = vi.fn();
    render(<LoginForm onSuccess={onSuccess} switchTo={null} />);
    type('Username or Email', 'root');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('/two-factor-setup'));
  });
});

describe('register form', () => {
  it("shows the first message in the spec's order, as the gateway would", async () => {
    const api = mockApi({});
    render(<RegisterForm onSuccess={() => {}} switchTo={null} />);
    type('Username', 'a!');
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.usernameInvalid);
    type('Username', 'asha_v');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.emailInvalid));
    expect(api).not.toHaveBeenCalled();
  });
});

describe('password rule in the register form', () => {
  const verdict = () => screen.getByTestId('password-verdict').textContent;
  // The estimator's dictionaries load on first use.
  const loaded = { timeout: 15_000 };

  it('shows the verdict as the password is typed, with the words typed beside it', async () => {
    mockApi({});
    render(<RegisterForm onSuccess={() => {}} switchTo={null} />);
    expect(verdict()).toBe('');
    type('Password', 'abc');
    type('Password', 'aaaaaa');
    await waitFor(() => expect(verdict()).toBe(MSG.passwordTooWeak), loaded);
    type('Password', 'tidal-Quokka-41');
    await waitFor(() => expect(verdict()).toBe(''), loaded);
    type('Last name', 'Quokkabrandt');
    type('Password', 'quokkabrandt77');
    await waitFor(() => expect(verdict()).toBe(MSG.passwordTooWeak), loaded);
    type('Last name', 'Verma');
    await waitFor(() => expect(verdict()).toBe(''), loaded);
    expect(screen.getByTestId('password-verdict').getAttribute('role')).toBe('status');
  }, 30_000);

  it('refuses a weak password on submit with the same message, and sends nothing', async () => {
    const api = mockApi({});
    render(<RegisterForm onSuccess={() => {}} switchTo={null} />);
    type('First name', 'Asha');
    type('Last name', 'Verma');
    type('Username', 'asha_v');
    type('Email', 'asha@example.com');
    type('Referral key', 'ABCD1234');
    type('Password', 'CoinPulse123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert', {}, loaded)).textContent).toBe(MSG.passwordTooWeak);
    expect(verdict()).toBe('');
    expect(api).not.toHaveBeenCalled();
  }, 30_000);
});

describe('login dialog', () => {
  it('leads to the forgotten-password page and closes', async () => {
    mockApi({});
    useAuthModal.getState().open('login');
    render(
      <MemoryRouter initialEntries={['/trade/BTC-INR']}>
        <Routes>
          <Route path="/forgot-password" element={<p>forgot page</p>} />
          <Route path="*" element={<AuthModals />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('forgot page')).toBeTruthy();
    expect(useAuthModal.getState().modal).toBe('none');
  });
});
