import '../i18n/index.ts';
import { MSG, TIMINGS } from '@app/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { showToast, useToast } from '../lib/toast.ts';
import { Modal } from './Modal.tsx';
import { Toaster } from './Toaster.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  useToast.getState().dismiss();
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

const toast = () => screen.queryByTestId('toast');

describe('Toaster', () => {
  it('announces a toast politely and removes it after 3 seconds', () => {
    render(<Toaster />);
    // The live region is there before the toast, so its text is announced when it appears.
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    act(() => showToast(MSG.bankSaved));
    expect(screen.getByRole('status').textContent).toBe(MSG.bankSaved);
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 1));
    expect(toast()?.textContent).toBe(MSG.bankSaved);
    act(() => vi.advanceTimersByTime(1));
    expect(toast()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('closes at its close button', () => {
    render(<Toaster />);
    act(() => showToast(MSG.passwordChanged));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(toast()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('shows a newer toast in place of the shown one, for 3 seconds of its own', () => {
    render(<Toaster />);
    act(() => showToast(MSG.bankSaved));
    act(() => vi.advanceTimersByTime(2000));
    act(() => showToast(MSG.profileSaved));
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual([MSG.profileSaved]);
    act(() => vi.advanceTimersByTime(2000));
    expect(toast()?.textContent).toBe(MSG.profileSaved);
    act(() => vi.advanceTimersByTime(1000));
    expect(toast()).toBeNull();
  });

  it('shows a spec message in the chosen language', async () => {
    await act(() => i18n.changeLanguage('de'));
    render(<Toaster />);
    act(() => showToast(MSG.bankSaved));
    expect(toast()?.textContent).not.toBe(MSG.bankSaved);
    expect(toast()?.textContent).toBeTruthy();
  });

  it('stays in reach while a dialog makes the app behind it inert', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(
      <>
        <Modal label="Bank details" onClose={() => {}}>
          <p>form</p>
        </Modal>
        <Toaster />
      </>,
      { container: root },
    );
    expect(root.hasAttribute('inert')).toBe(true);
    act(() => showToast(MSG.bankSaved));
    expect(toast()?.closest('[inert]')).toBeNull();
    root.remove();
  });
});
