import '../../../i18n/page-texts.ts';
import { breakEvenWinRate } from '@app/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { json, mockApi } from '../../../test/api-router.ts';
import { SETTINGS } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { ENTRY_PRICE_MAX_AGE_MS, EXIT_PRICE_STALE_AFTER_MS } from '../lib/settlement-bounds.ts';
import { RulesPage } from './RulesPage.tsx';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderPage(path = '/rules') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RulesPage />
    </MemoryRouter>,
  );
}

const percent = (rate: number, lang = 'en') =>
  new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate);

describe('settlement rules page', () => {
  it('lists each duration on offer, shortest first, with its payout and the break-even rate of breakEvenWinRate', async () => {
    mockApi({ 'GET /api/trade-setting': () => ({ data: SETTINGS }) });
    renderPage();
    const rows = await screen.findAllByTestId('payout-row');
    expect(rows.map((r) => within(r).getByTestId('payout-percent').textContent)).toEqual([
      '20%',
      '40%',
      '60%',
    ]);
    const rates = rows.map((r) => within(r).getByTestId('payout-break-even').textContent);
    expect(rates).toEqual([20, 40, 60].map((p) => percent(breakEvenWinRate(p))));
    // The figures INTEGRITY §1 names: a 40 % payout needs 71.4 % wins.
    expect(rates[1]).toBe('71.4%');
    expect(rates[0]).toBe('83.3%');
    expect(rows[0]?.textContent).toContain('₹120.00');
    expect(screen.getByTestId('break-even-formula').textContent).toContain('71.4%');
  });

  it('follows the settings the server has now', async () => {
    mockApi({
      'GET /api/trade-setting': () => ({
        data: [{ id: 9, time: 5, unit: 'Minutes', seconds: 300, payoutPercent: 85 }],
      }),
    });
    renderPage();
    const [row] = await screen.findAllByTestId('payout-row');
    expect(row?.textContent).toContain('5 min');
    expect(within(row as HTMLElement).getByTestId('payout-percent').textContent).toBe('85%');
    expect(within(row as HTMLElement).getByTestId('payout-break-even').textContent).toBe(
      percent(breakEvenWinRate(85)),
    );
  });

  it('formats the rates for the chosen language', async () => {
    await i18n.changeLanguage('de');
    mockApi({ 'GET /api/trade-setting': () => ({ data: SETTINGS }) });
    renderPage();
    const rows = await screen.findAllByTestId('payout-row');
    expect(within(rows[1] as HTMLElement).getByTestId('payout-break-even').textContent).toBe(
      percent(breakEvenWinRate(40), 'de'),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Settlement rules');
  });

  it('says so when the settings cannot be loaded, and still states the rules', async () => {
    mockApi({ 'GET /api/trade-setting': () => json({ statusCode: 500, message: 'boom' }, 500) });
    renderPage();
    expect(
      await screen.findByText('The current payouts could not be loaded. Please try again later.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('payout-table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'How a result is decided' })).toBeTruthy();
  });

  it('states the staleness bounds and explains the receipt with its Binance trade ids', async () => {
    mockApi({ 'GET /api/trade-setting': () => ({ data: SETTINGS }) });
    renderPage('/rules#receipt');
    await screen.findAllByTestId('payout-row');
    const stale = document.getElementById('staleness') as HTMLElement;
    expect(stale.textContent).toContain(`${EXIT_PRICE_STALE_AFTER_MS / 1000} seconds`);
    const outcome = document.getElementById('outcome') as HTMLElement;
    expect(outcome.textContent).toContain(`${ENTRY_PRICE_MAX_AGE_MS / 1000} seconds`);
    expect(outcome.textContent).toContain('draw');
    const receipt = document.getElementById('receipt') as HTMLElement;
    expect(receipt.textContent).toContain('aggregate trade id');
    expect(within(receipt).getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe(
      '/orders',
    );
  });
});
