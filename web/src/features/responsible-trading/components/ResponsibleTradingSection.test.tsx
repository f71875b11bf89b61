import '../../../i18n/limits-texts.ts';
import { MSG, type ResponsibleTrading } from '@app/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { ResponsibleTradingSection } from './ResponsibleTradingSection.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const state = (over: Partial<ResponsibleTrading> = {}): ResponsibleTrading => ({
  disclosure: { acceptedVersion: 1, acceptedAt: '2026-01-01T00:00:00.000Z', currentVersion: 1 },
  dailyLossLimit: {
    current: 500,
    pending: { value: 900, appliesAt: '2026-01-02T10:00:00.000Z' },
    usedToday: 120,
  },
  dailyDepositLimit: { current: null, pending: null, usedToday: 0 },
  coolOffUntil: null,
  selfExcludedUntil: null,
  dayStartsAt: '2025-12-31T18:30:00.000Z',
  ...over,
});

describe('Responsible trading on the account page', () => {
  it('shows the limits in force, today’s count and a pending raise, and saves through the shared schema', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/user/me/limits': () => state(),
      'PUT /api/user/me/limits': ({ body }) => {
        bodies.push(body);
        return {
          settings: state({ dailyDepositLimit: { current: 2000, pending: null, usedToday: 0 } }),
          message: MSG.limitsSaved,
        };
      },
    });
    render(<ResponsibleTradingSection />);
    const loss = await screen.findByTestId('loss-limit-state');
    expect(loss.textContent).toContain('In force: ₹500.00.');
    expect(loss.textContent).toContain('Counted today: ₹120.00.');
    expect(loss.textContent).toContain('Rises to ₹900.00');
    expect(screen.getByText(/Indian day, from midnight IST/)).toBeTruthy();

    const deposit = screen.getByLabelText('Daily deposit limit (₹, empty for none)');
    fireEvent.change(deposit, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.dailyLimitInvalid);
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(bodies).toEqual([]);

    fireEvent.change(deposit, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.limitsSaved);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodies).toEqual([{ dailyLossLimit: 900, dailyDepositLimit: 2000 }]);
  });

  it('starts a self-exclusion only after the confirmation', async () => {
    const asked: unknown[] = [];
    mockApi({
      'GET /api/user/me/limits': () => state(),
      'POST /api/user/me/self-exclusion': ({ body }) => {
        asked.push(body);
        return json({
          settings: state({ selfExcludedUntil: '2026-07-01T00:00:00.000Z' }),
          message: MSG.selfExclusionStarted,
        });
      },
    });
    render(<ResponsibleTradingSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Exclude myself' }));
    const confirm = await screen.findByTestId('pause-confirm');
    expect(asked).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, start it now' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.selfExclusionStarted);
    expect(asked).toEqual([{ months: 6 }]);
    expect(await screen.findByText(/^Self-excluded until/)).toBeTruthy();
  });
});
