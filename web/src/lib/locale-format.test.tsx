import '../i18n/index.ts';
import { formatRupees } from '@app/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { formatDate, formatDateTime, formatNumber, useLocaleFormat } from './locale-format.ts';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

// Midday UTC: the same calendar day in every time zone the tests may run in.
const WHEN = '2026-03-07T12:34:56Z';

describe('locale formatting', () => {
  it('writes a date in each language’s order and separators', () => {
    expect(formatDate(WHEN, 'en')).toBe('03/07/2026');
    expect(formatDate(WHEN, 'fr')).toBe('07/03/2026');
    expect(formatDate(WHEN, 'de')).toBe('07.03.2026');
    expect(formatDate(WHEN, 'hi')).toBe('07/03/2026');
    expect(formatDateTime(WHEN, 'de')).toMatch(/^07\.03\.2026, \d{2}:34:56$/);
    expect(formatDateTime(WHEN, 'en')).toMatch(/^03\/07\/2026, \d{2}:34:56 [AP]M$/);
  });

  it('shows a dash for a missing or unreadable date instead of "Invalid Date"', () => {
    expect(formatDateTime(null, 'hi')).toBe('—');
    expect(formatDateTime('not a date', 'de')).toBe('—');
  });

  it('groups plain numbers the language’s way', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'de')).toBe('1.234.567,5');
    expect(formatNumber(1234567.5, 'hi')).toBe('12,34,567.5');
    expect(formatNumber(1234567.5, 'fr').replace(/\s/g, ' ')).toBe('1 234 567,5');
  });

  it('follows the chosen language in components, while money stays en-IN', async () => {
    function Row() {
      const { dateTime, number } = useLocaleFormat();
      return (
        <p>
          <span data-testid="when">{dateTime(WHEN)}</span>
          <span data-testid="count">{number(1234567.5)}</span>
          <span data-testid="money">{formatRupees(1234567.5)}</span>
        </p>
      );
    }
    render(<Row />);
    expect(screen.getByTestId('when').textContent).toMatch(/^03\/07\/2026/);
    expect(screen.getByTestId('count').textContent).toBe('1,234,567.5');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByTestId('when').textContent).toMatch(/^07\.03\.2026/);
    expect(screen.getByTestId('count').textContent).toBe('1.234.567,5');
    expect(screen.getByTestId('money').textContent).toBe('₹12,34,567.50');
    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByTestId('count').textContent).toBe('12,34,567.5');
    expect(screen.getByTestId('money').textContent).toBe('₹12,34,567.50');
  });
});
