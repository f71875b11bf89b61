import '../i18n/index.ts';
import { DISCLOSURE_VERSION, MSG, messageResponseSchema } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../lib/api.ts';
import { json, mockApi } from '../test/api-router.ts';
import { render } from '../test/render.tsx';
import { DisclosureDialog } from './DisclosureDialog.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const refusal = () =>
  json(
    { statusCode: 403, error: 'Forbidden', message: MSG.disclosureRequired, code: 'disclosure_required' },
    403,
  );
const settings = {
  disclosure: {
    acceptedVersion: DISCLOSURE_VERSION,
    acceptedAt: '2026-01-01T00:00:00.000Z',
    currentVersion: 1,
  },
  dailyLossLimit: { current: null, pending: null, usedToday: 0 },
  dailyDepositLimit: { current: null, pending: null, usedToday: 0 },
  coolOffUntil: null,
  selfExcludedUntil: null,
  dayStartsAt: '2025-12-31T18:30:00.000Z',
};

describe('the risk disclosure dialog', () => {
  it('opens on a disclosure refusal and, once accepted, sends the refused request again', async () => {
    let accepted = false;
    const keys: Array<string | null> = [];
    const spy = mockApi({
      'POST /api/withdrawals': ({ headers }) => {
        keys.push(headers.get('idempotency-key'));
        return accepted ? { message: 'ok' } : refusal();
      },
      'POST /api/user/me/disclosure': ({ body }) => {
        expect(body).toEqual({ version: DISCLOSURE_VERSION });
        accepted = true;
        return { settings, message: MSG.disclosureAccepted };
      },
    });
    render(<DisclosureDialog />);
    const answer = api('/api/withdrawals', messageResponseSchema, {
      method: 'POST',
      body: { amount: 10 },
      headers: { 'idempotency-key': 'k1' },
    });
    const dialog = await screen.findByTestId('disclosure-dialog');
    const accept = screen.getByRole('button', { name: 'Accept and continue' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(accept);
    await expect(answer).resolves.toEqual({ message: 'ok' });
    expect(keys).toEqual(['k1', 'k1']);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('leaves the request refused, with its code, when the dialog is closed', async () => {
    mockApi({ 'POST /api/trades': () => refusal() });
    render(<DisclosureDialog />);
    const answer = api('/api/trades', messageResponseSchema, { method: 'POST', body: {} });
    await screen.findByTestId('disclosure-dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'disclosure_required',
      serverMessage: MSG.disclosureRequired,
    });
  });
});
