import { type BillType, financialYearOf, paiseToRupeesText } from '@app/shared';
import type { StatementEntryRow, StatementHead } from './statements.repository.ts';

/** One financial year's part of the period, in paise. */
export type YearSummary = {
  /** `2025-26` */
  year: string;
  /** The days of the period in this year (India time), both inclusive. */
  from: string;
  to: string;
  opening: bigint;
  deposits: bigint;
  /** Net of withdrawals returned. */
  withdrawals: bigint;
  /** Net of stakes refunded on cancellation. */
  staked: bigint;
  paidOut: bigint;
  /** paidOut - staked: what trading won or lost. */
  net: bigint;
  /** Admin adjustments and balances carried over. */
  other: bigint;
  closing: bigint;
};

export type Statement = {
  username: string | null;
  from: string;
  to: string;
  opening: bigint;
  closing: bigint;
  years: YearSummary[];
};

const fyStartYear = (day: string) => Number(financialYearOf(day).slice(0, 4));

/**
 * Every financial year the period touches, in order, with its figures (zero for a year without
 * movements), each year's opening being the previous one's closing.
 */
export function summarise(head: StatementHead, from: string, to: string): Statement {
  const years: YearSummary[] = [];
  let balance = head.opening;
  for (let y = fyStartYear(from); y <= fyStartYear(to); y++) {
    const t = head.totals.find((r) => r.fy_start === y);
    const deposits = BigInt(t?.deposits ?? '0');
    const withdrawals = BigInt(t?.withdrawals ?? '0');
    const staked = BigInt(t?.staked ?? '0');
    const paidOut = BigInt(t?.paid_out ?? '0');
    const other = BigInt(t?.other ?? '0');
    const opening = balance;
    balance = opening + deposits - withdrawals - staked + paidOut + other;
    const yearFrom = `${y}-04-01`;
    const yearTo = `${y + 1}-03-31`;
    years.push({
      year: financialYearOf(yearFrom),
      from: from > yearFrom ? from : yearFrom,
      to: to < yearTo ? to : yearTo,
      opening,
      deposits,
      withdrawals,
      staked,
      paidOut,
      net: paidOut - staked,
      other,
      closing: balance,
    });
  }
  return { username: head.username, from, to, opening: head.opening, closing: balance, years };
}

const TYPE_LABELS: Record<BillType, string> = {
  trade_stake: 'Trade stake',
  trade_payout: 'Trade payout',
  trade_refund: 'Trade refund',
  practice_reset: 'Practice reset',
  recharge: 'Deposit',
  withdrawal: 'Withdrawal',
  withdrawal_return: 'Withdrawal returned',
  admin_adjustment: 'Adjustment',
  opening_balance: 'Opening balance',
};

/** The movement as both formats show it: amounts in rupees with 2 decimals, signed. */
export function entryCells(row: StatementEntryRow) {
  return {
    at: row.at_ist,
    entryId: row.entry_id,
    type: TYPE_LABELS[row.type as BillType] ?? row.type,
    remarks: row.remarks ?? '',
    reference: row.reference ?? '',
    amount: paiseToRupeesText(BigInt(row.amount)),
    balance: paiseToRupeesText(BigInt(row.balance)),
  };
}

/** A summary's figures in the order both formats list them. */
export const SUMMARY_COLUMNS = [
  ['opening', 'Opening balance', 'opening_balance_inr'],
  ['deposits', 'Deposits', 'deposits_inr'],
  ['withdrawals', 'Withdrawals', 'withdrawals_inr'],
  ['staked', 'Staked', 'staked_inr'],
  ['paidOut', 'Paid out', 'paid_out_inr'],
  ['net', 'Net result', 'net_result_inr'],
  ['other', 'Adjustments', 'adjustments_inr'],
  ['closing', 'Closing balance', 'closing_balance_inr'],
] as const satisfies ReadonlyArray<readonly [keyof YearSummary, string, string]>;

export const statementFileName = (s: Pick<Statement, 'from' | 'to'>, ext: 'csv' | 'pdf') =>
  `statement-${s.from}-to-${s.to}.${ext}`;
