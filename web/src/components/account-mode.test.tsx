import '../i18n/index.ts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accountModeKey,
  balanceOf,
  resetAccountMode,
  useAccountMode,
  useSelectedBalance,
} from '../lib/account-mode.ts';
import { useSession } from '../lib/session/index.ts';
import { user } from '../test/api-router.ts';
import { render } from '../test/render.tsx';
import { AccountModeSwitch, PracticeBadge, PracticeHint } from './AccountModeSwitch.tsx';

function SelectedBalance() {
  return <p data-testid="selected">{useSelectedBalance()}</p>;
}

beforeEach(() => {
  localStorage.clear();
  resetAccountMode();
  useSession.setState({ token: 'tok', user: user({ balance: 500, practiceBalance: 100_000 }) });
});

afterEach(() => {
  cleanup();
  useSession.setState({ token: null, user: null });
});

describe('Real / Practice switch', () => {
  it('starts on Real, switches to Practice, remembers it and shows the Practice badge', () => {
    render(
      <>
        <AccountModeSwitch />
        <PracticeBadge />
        <SelectedBalance />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Real' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('selected').textContent).toBe('500');
    expect(screen.queryByTestId('practice-badge')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Practice' }));
    expect(screen.getByRole('button', { name: 'Practice' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('selected').textContent).toBe('100000');
    expect(screen.getByTestId('practice-badge').textContent).toBe('Practice');
    expect(localStorage.getItem(accountModeKey('u1'))).toBe('practice');

    // A reload reads it back.
    useAccountMode.setState({ mode: 'real' });
    resetAccountMode();
    expect(useAccountMode.getState().mode).toBe('practice');
  });

  it('is one button on a narrow header that shows the account in use and switches', () => {
    render(<AccountModeSwitch compact />);
    fireEvent.click(screen.getByRole('button', { name: 'Real account, switch to Practice' }));
    expect(useAccountMode.getState().mode).toBe('practice');
    const toggle = screen.getByRole('button', { name: 'Practice account, switch to Real' });
    expect(toggle.textContent).toBe('Practice');
    fireEvent.click(toggle);
    expect(useAccountMode.getState().mode).toBe('real');
  });

  it('ignores a stored value it does not know, and is hidden when signed out', () => {
    localStorage.setItem(accountModeKey('u1'), 'margin');
    resetAccountMode();
    expect(useAccountMode.getState().mode).toBe('real');
    useSession.setState({ user: null });
    const { container } = render(<AccountModeSwitch />);
    expect(container.innerHTML).toBe('');
  });

  it('has no balance for a signed-out user or an unknown practice balance', () => {
    expect(balanceOf(null, 'real')).toBeNull();
    expect(balanceOf({ balance: 5 }, 'practice')).toBeNull();
    expect(balanceOf({ balance: 5, practiceBalance: 7 }, 'practice')).toBe(7);
  });
});

/** A user with no real money yet, signed in on a fresh page (nothing chosen in this browser). */
function signInBroke(overrides: Parameters<typeof user>[0] = {}) {
  act(() => {
    useSession.setState({ user: null });
    useSession.setState({ token: 'tok', user: user({ id: 'u2', balance: 0, ...overrides }) });
  });
}

function renderHeader() {
  return render(
    <MemoryRouter>
      <AccountModeSwitch />
      <PracticeHint />
    </MemoryRouter>,
  );
}

const hint = () => screen.queryByTestId('practice-hint');

describe('the mode a user starts in', () => {
  it('is Practice, with a hint to top up or switch, when the real balance is ₹0 and nothing was chosen', () => {
    signInBroke();
    expect(useAccountMode.getState()).toMatchObject({ mode: 'practice', chosen: false });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Practice' }).getAttribute('aria-pressed')).toBe('true');
    expect(hint()?.textContent).toContain('You are trading with practice money.');
    expect(screen.getByRole('link', { name: 'Top up to trade for real' }).getAttribute('href')).toBe(
      '/assets/topup',
    );
    // Nothing is stored until the user chooses.
    expect(localStorage.getItem(accountModeKey('u2'))).toBeNull();
  });

  it('is Real for a user with real money, with no hint', () => {
    signInBroke({ balance: 250 });
    expect(useAccountMode.getState()).toMatchObject({ mode: 'real', chosen: false });
    renderHeader();
    expect(hint()).toBeNull();
  });

  it('is the stored choice when there is one, whatever the balance', () => {
    localStorage.setItem(accountModeKey('u2'), 'real');
    signInBroke();
    expect(useAccountMode.getState()).toMatchObject({ mode: 'real', chosen: true });
    renderHeader();
    expect(hint()).toBeNull();
  });

  it('keeps one choice per user of the browser, and reads the single key older builds kept', () => {
    localStorage.setItem(accountModeKey('u1'), 'practice');
    signInBroke();
    expect(useAccountMode.getState().mode).toBe('practice');
    localStorage.setItem('accountMode', 'real');
    signInBroke();
    expect(useAccountMode.getState()).toMatchObject({ mode: 'real', chosen: true });
  });

  it('Switch to Real is a choice: Real, remembered, and the hint is gone', () => {
    signInBroke();
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Real' }));
    expect(useAccountMode.getState()).toMatchObject({ mode: 'real', chosen: true });
    expect(localStorage.getItem(accountModeKey('u2'))).toBe('real');
    expect(hint()).toBeNull();
    resetAccountMode();
    expect(useAccountMode.getState().mode).toBe('real');
  });

  it('Stay in Practice keeps Practice and ends the hint; so does choosing Practice on the switch', () => {
    signInBroke();
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Stay in Practice' }));
    expect(useAccountMode.getState()).toMatchObject({ mode: 'practice', chosen: true });
    expect(localStorage.getItem(accountModeKey('u2'))).toBe('practice');
    expect(hint()).toBeNull();

    localStorage.clear();
    signInBroke();
    expect(hint()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Practice' }));
    expect(hint()).toBeNull();
  });

  it('offers no top-up link once real money has arrived, and does not move the user when it does', () => {
    signInBroke();
    renderHeader();
    act(() => useSession.getState().applyBalances({ real: 900, practice: 100_000 }));
    expect(useAccountMode.getState().mode).toBe('practice');
    expect(screen.queryByRole('link', { name: 'Top up to trade for real' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch to Real' })).toBeTruthy();
  });
});

describe('the mode in every tab', () => {
  const fromOtherTab = (key: string | null, newValue: string | null) =>
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
    });

  it('follows a choice made in another tab, without a reload', () => {
    signInBroke();
    render(
      <MemoryRouter>
        <AccountModeSwitch />
        <PracticeHint />
        <SelectedBalance />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('selected').textContent).toBe('100000');
    fromOtherTab(accountModeKey('u2'), 'real');
    expect(useAccountMode.getState()).toMatchObject({ mode: 'real', chosen: true });
    expect(screen.getByRole('button', { name: 'Real' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('selected').textContent).toBe('0');
    expect(hint()).toBeNull();
    fromOtherTab(accountModeKey('u2'), 'practice');
    expect(screen.getByRole('button', { name: 'Practice' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("ignores another user's choice, a removed key and a value it does not know", () => {
    signInBroke();
    fromOtherTab(accountModeKey('u1'), 'real');
    fromOtherTab(accountModeKey('u2'), null);
    fromOtherTab(accountModeKey('u2'), 'margin');
    fromOtherTab(null, null);
    expect(useAccountMode.getState()).toMatchObject({ mode: 'practice', chosen: false });
  });

  it('is not followed while signed out', () => {
    useSession.setState({ user: null });
    const before = useAccountMode.getState().mode;
    fromOtherTab(accountModeKey('u2'), before === 'real' ? 'practice' : 'real');
    expect(useAccountMode.getState().mode).toBe(before);
  });
});
