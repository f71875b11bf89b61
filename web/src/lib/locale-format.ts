import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Dates, times and plain numbers (counts, percentages of a count) in the reader's language.
 * Money is not formatted here: rupee amounts go through formatRupees / formatINR from
 * @app/shared, which are en-IN (₹ with Indian grouping) whatever the language, so an amount
 * reads the same on every screen and in every receipt.
 */

type DateInput = string | number | Date | null | undefined;

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };

// Building an Intl formatter is far slower than using one; tables format hundreds of cells.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: string, kind: 'dateTime' | 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${locale}:${kind}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, kind === 'dateTime' ? DATE_TIME : kind === 'date' ? DATE : TIME);
    dateFormats.set(key, f);
  }
  return f;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "11/25/2026, 11:30:05 PM" (en), "25.11.2026, 23:30:05" (de), "25/11/2026, 11:30:05 pm" (hi); "—" when absent. */
export function formatDateTime(value: DateInput, locale: string): string {
  const d = toDate(value);
  return d ? dateFormat(locale, 'dateTime').format(d) : '—';
}

/** The day alone, in the locale's order and separators. */
export function formatDate(value: DateInput, locale: string): string {
  const d = toDate(value);
  return d ? dateFormat(locale, 'date').format(d) : '—';
}

/** The time of day alone (12 or 24 hours as the locale writes it). */
export function formatTime(value: DateInput, locale: string): string {
  const d = toDate(value);
  return d ? dateFormat(locale, 'time').format(d) : '—';
}

/** A count or other plain number with the locale's grouping and decimal sign ("1.234,5" in de). */
export function formatNumber(value: number, locale: string, maximumFractionDigits = 2): string {
  const key = `${locale}:${maximumFractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** The formatters bound to the chosen language; components using them re-render when it changes. */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({
      locale,
      dateTime: (value: DateInput) => formatDateTime(value, locale),
      date: (value: DateInput) => formatDate(value, locale),
      time: (value: DateInput) => formatTime(value, locale),
      number: (value: number, maximumFractionDigits?: number) =>
        formatNumber(value, locale, maximumFractionDigits),
    }),
    [locale],
  );
}
