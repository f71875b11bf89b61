import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { financialYearOf, STATEMENT_MAX_DAYS, statementQuerySchema } from './statements.ts';

describe('financialYearOf', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf('2025-03-31')).toBe('2024-25');
    expect(financialYearOf('2025-04-01')).toBe('2025-26');
    expect(financialYearOf('2026-01-15')).toBe('2025-26');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });
});

describe('statementQuerySchema', () => {
  it('reads the days as India time, both whole', () => {
    const q = statementQuerySchema.parse({ from: '2025-04-01', to: '2025-04-01' });
    expect(q.format).toBe('csv');
    expect(q.start.toISOString()).toBe('2025-03-31T18:30:00.000Z');
    expect(q.end.toISOString()).toBe('2025-04-01T18:30:00.000Z');
  });

  it('takes at most STATEMENT_MAX_DAYS days', () => {
    const to = (days: number) => new Date(Date.UTC(2021, 0, days)).toISOString().slice(0, 10);
    expect(statementQuerySchema.safeParse({ from: '2021-01-01', to: to(STATEMENT_MAX_DAYS) }).success).toBe(
      true,
    );
    const long = statementQuerySchema.safeParse({ from: '2021-01-01', to: to(STATEMENT_MAX_DAYS + 1) });
    expect(long.error?.issues[0]?.message).toBe(MSG.statementRangeTooLong);
  });
});
