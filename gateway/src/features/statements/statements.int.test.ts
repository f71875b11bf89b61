import { post } from '@app/db';
import {
  istDayEnd,
  istDayStart,
  type MoneyAccount,
  MSG,
  paiseToRupeesText,
  rupeesToPaise,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildIsolatedApp, createUser, type TestUser } from '../../test/helpers.ts';
import { COUNTERPARTY } from '../../test/ledger-fixtures.ts';
import { STATEMENT_CSV_HEADER, STATEMENT_CSV_SUMMARY_HEADER } from './statements.csv.ts';
import { PDF_ROWS_PER_PAGE } from './statements.pdf.ts';

/** On a database of its own: the test moves entries' times into the past (see `history`). */
let app: FastifyInstance;
let close: () => Promise<void>;
let user: TestUser;
let other: TestUser;

type Move = {
  at: string;
  type: keyof typeof COUNTERPARTY;
  rupees: number;
  remarks?: string;
  account?: MoneyAccount;
};

/** India-time instants (`YYYY-MM-DDTHH:MM:SS.mmm`) as Dates. */
const ist = (local: string) => new Date(`${local}+05:30`);

/**
 * Post each movement as the money code does, then give its entry the time it names. Ledger rows
 * are append-only (a trigger refuses UPDATE), and an entry's time is its transaction's start:
 * the test lifts the trigger on its own database to write history across a financial year.
 */
async function history(userId: string, moves: Move[]): Promise<void> {
  const dated: Array<{ id: bigint; at: Date }> = [];
  for (const m of moves) {
    const account = m.account ?? 'real';
    const posted = await app.db.transaction((tx) =>
      post(tx, {
        type: m.type,
        userId,
        account,
        amount: rupeesToPaise(m.rupees),
        counterparty: account === 'practice' ? 'house_practice' : COUNTERPARTY[m.type],
        reference: `ref-${m.type}`,
        remarks: m.remarks ?? null,
      }),
    );
    dated.push({ id: posted.entryId, at: ist(m.at) });
  }
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`alter table journal_entries disable trigger journal_entries_no_update_delete`);
    for (const d of dated) {
      await tx.execute(
        sql`update journal_entries set created_at = ${d.at.toISOString()}::timestamptz where id = ${d.id.toString()}::bigint`,
      );
    }
    await tx.execute(sql`alter table journal_entries enable trigger journal_entries_no_update_delete`);
  });
}

const FORMULA = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp());
  [user, other] = [await createUser(app), await createUser(app)];
  await history(user.id, [
    { at: '2025-03-20T10:00:00.000', type: 'recharge', rupees: 1000 },
    { at: '2025-03-25T11:00:00.000', type: 'trade_stake', rupees: -100 },
    { at: '2025-03-25T11:01:00.000', type: 'trade_payout', rupees: 180 },
    // The last moment of FY 2024-25 and the first of 2025-26, India time.
    { at: '2025-03-31T23:59:59.500', type: 'recharge', rupees: 500 },
    { at: '2025-04-01T00:00:00.200', type: 'withdrawal', rupees: -300 },
    { at: '2025-04-02T09:00:00.000', type: 'withdrawal_return', rupees: 300 },
    { at: '2025-04-03T09:00:00.000', type: 'withdrawal', rupees: -200 },
    { at: '2025-04-05T12:00:00.000', type: 'trade_stake', rupees: -50 },
    { at: '2025-04-05T12:05:00.000', type: 'trade_refund', rupees: 50 },
    { at: '2025-04-06T12:00:00.000', type: 'trade_stake', rupees: -70.25 },
    { at: '2025-04-07T12:00:00.000', type: 'admin_adjustment', rupees: 25, remarks: FORMULA },
    { at: '2025-04-08T12:00:00.000', type: 'trade_stake', rupees: -10, account: 'practice' },
    // After the period.
    { at: '2025-04-11T00:00:00.000', type: 'recharge', rupees: 999 },
  ]);
  await history(other.id, [{ at: '2025-04-04T10:00:00.000', type: 'recharge', rupees: 4242 }]);
});
afterAll(async () => {
  await close?.();
});

const statement = (token: string | null, query: string) =>
  app.inject({
    method: 'GET',
    url: `/api/user/me/statement?${query}`,
    headers: token === null ? {} : auth(token),
  });

const PERIOD = 'from=2025-03-22&to=2025-04-10';

/** RFC 4180 lines of the answer, split into cells (quotes handled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The ledger's own sums for the user's real account over [start, end), by bill type, in paise. */
async function ledgerSums(userId: string, start: Date, end: Date): Promise<Map<string, bigint>> {
  const rows = await app.db.execute<{ type: string; total: string }>(sql`
    select e.type::text as type, sum(p.amount)::text as total
      from postings p join journal_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.account_id and a.user_id = ${userId} and a.kind = 'user_real'
     where e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz
     group by e.type`);
  return new Map(rows.map((r) => [r.type, BigInt(r.total)]));
}

const sumOf = (sums: Map<string, bigint>, ...types: string[]) =>
  types.reduce((total, t) => total + (sums.get(t) ?? 0n), 0n);

describe('GET /api/user/me/statement (CSV)', () => {
  it('lists every movement of the period with a running balance from the opening balance', async () => {
    const res = await statement(user.token, `${PERIOD}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-2025-03-22-to-2025-04-10.csv"',
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...STATEMENT_CSV_HEADER]);
    const blank = rows.findIndex((r) => r.length === 1 && r[0] === '');
    const entries = rows.slice(1, blank);
    const [opening, ...moves] = entries;
    expect(opening).toEqual(['2025-03-22 00:00:00', '', 'Opening balance', '', '', '0.00', '1000.00']);
    expect(moves.map((r) => [r[0], r[2], r[5]])).toEqual([
      ['2025-03-25 11:00:00', 'Trade stake', '-100.00'],
      ['2025-03-25 11:01:00', 'Trade payout', '180.00'],
      ['2025-03-31 23:59:59', 'Deposit', '500.00'],
      ['2025-04-01 00:00:00', 'Withdrawal', '-300.00'],
      ['2025-04-02 09:00:00', 'Withdrawal returned', '300.00'],
      ['2025-04-03 09:00:00', 'Withdrawal', '-200.00'],
      ['2025-04-05 12:00:00', 'Trade stake', '-50.00'],
      ['2025-04-05 12:05:00', 'Trade refund', '50.00'],
      ['2025-04-06 12:00:00', 'Trade stake', '-70.25'],
      ['2025-04-07 12:00:00', 'Adjustment', '25.00'],
    ]);
    // Running balance: each row's balance is the previous one plus its amount.
    let balance = rupeesToPaise(1000);
    for (const r of moves) {
      balance += rupeesToPaise(Number(r[5]));
      expect(r[6]).toBe(paiseToRupeesText(balance));
    }
    // The closing balance is the ledger's sum of every posting before the period's end.
    const all = await ledgerSums(user.id, new Date(0), istDayEnd('2025-04-10'));
    expect(paiseToRupeesText(sumOf(all, ...all.keys()))).toBe(moves.at(-1)?.[6]);
    expect(res.body).not.toContain('4242');
  });

  it('sums each financial year the period touches as the ledger does', async () => {
    const rows = parseCsv((await statement(user.token, PERIOD)).body);
    const blank = rows.findIndex((r) => r.length === 1 && r[0] === '');
    const [header, ...years] = rows.slice(blank + 1);
    expect(header).toEqual(STATEMENT_CSV_SUMMARY_HEADER);
    expect(years.map((y) => y.slice(0, 3))).toEqual([
      ['2024-25', '2025-03-22', '2025-03-31'],
      ['2025-26', '2025-04-01', '2025-04-10'],
    ]);
    const parts: Array<[string, string]> = [
      ['2025-03-22', '2025-03-31'],
      ['2025-04-01', '2025-04-10'],
    ];
    let opening = rupeesToPaise(1000);
    for (const [i, [from, to]] of parts.entries()) {
      const s = await ledgerSums(user.id, istDayStart(from), istDayEnd(to));
      const staked = -sumOf(s, 'trade_stake', 'trade_refund');
      const paidOut = sumOf(s, 'trade_payout');
      const closing = opening + sumOf(s, ...s.keys());
      expect(years[i]?.slice(3)).toEqual(
        [
          opening,
          sumOf(s, 'recharge'),
          -sumOf(s, 'withdrawal', 'withdrawal_return'),
          staked,
          paidOut,
          paidOut - staked,
          sumOf(s, 'admin_adjustment'),
          closing,
        ].map(paiseToRupeesText),
      );
      opening = closing;
    }
    // The figures themselves, worked by hand.
    expect(years[0]?.slice(3)).toEqual([
      '1000.00',
      '500.00',
      '0.00',
      '100.00',
      '180.00',
      '80.00',
      '0.00',
      '1580.00',
    ]);
    expect(years[1]?.slice(3)).toEqual([
      '1580.00',
      '0.00',
      '200.00',
      '70.25',
      '0.00',
      '-70.25',
      '25.00',
      '1334.75',
    ]);
  });

  it('neutralises a formula in a text cell and keeps negative amounts as numbers', async () => {
    const res = await statement(user.token, PERIOD);
    const line = res.body.split('\r\n').find((l) => l.includes('HYPERLINK'));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).toContain(',-100.00,');
    expect(res.body).not.toContain("'-100.00");
  });
});

describe('GET /api/user/me/statement (PDF)', () => {
  it('answers a PDF with the summary and the movements on pages of a bounded number of rows', async () => {
    const many = await createUser(app);
    const rows = PDF_ROWS_PER_PAGE + 15;
    await history(
      many.id,
      Array.from({ length: rows }, (_, i) => ({
        at: `2026-01-10T10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000`,
        type: 'admin_adjustment' as const,
        rupees: 1,
      })),
    );
    const res = await statement(many.token, 'from=2026-01-01&to=2026-01-31&format=pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-01-01-to-2026-01-31.pdf"',
    );
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const pages = pdf.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    // The opening balance and the movements: more than one page's worth.
    expect(pages).toBeGreaterThanOrEqual(Math.ceil((rows + 1) / PDF_ROWS_PER_PAGE));
    expect(pdf).toMatch(/\/Count \d+/);
  });

  it('answers a PDF for a period without movements', async () => {
    const res = await statement(other.token, 'from=2026-01-01&to=2026-01-02&format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('who and what a statement may be asked for', () => {
  it('needs a session and shows only the caller’s own ledger', async () => {
    expect((await statement(null, PERIOD)).statusCode).toBe(401);
    const own = await statement(other.token, PERIOD);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('4242.00');
    expect(own.body).not.toContain('HYPERLINK');
    // No way to name another user.
    expect((await statement(other.token, `${PERIOD}&userId=${user.id}`)).statusCode).toBe(400);
  });

  it('refuses a period that is backwards, too long, or a format it does not make', async () => {
    const backwards = await statement(user.token, 'from=2025-04-10&to=2025-03-22');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(MSG.dateRangeInvalid);
    const long = await statement(user.token, 'from=2021-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.statementRangeTooLong);
    expect((await statement(user.token, `${PERIOD}&format=xls`)).statusCode).toBe(400);
    expect((await statement(user.token, 'from=2025-02-30&to=2025-03-01')).statusCode).toBe(400);
    expect((await statement(user.token, 'to=2025-03-01')).statusCode).toBe(400);
  });
});
