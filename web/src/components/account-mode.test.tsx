import '../i18n/index.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, resetAccountMode, useAccountMode, useSelectedBalance } from '../lib/account-mode.ts';
import { useSession } from '../lib/session/index.ts';
import { user } from '../test/api-router.ts';
import { render } from '../test/render.tsx';
import { AccountModeSwitch, PracticeBadge } from './AccountModeSwitch.tsx';

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
    expect(localStorage.getItem('accountMode')).toBe('practice');

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
    localStorage.setItem('accountMode', 'margin');
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
