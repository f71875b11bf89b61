import { paiseToRupeesText } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../lib/csv.ts';
import { usersCsv } from './admin-users.csv.ts';
import type { UserListRow } from './admin-users.repository.ts';

describe('csvCell', () => {
  it('leaves plain text as it is', () => {
    expect(csvCell('Asha Verma')).toBe('Asha Verma');
    expect(csvCell('')).toBe('');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes a comma, a quote or a line break, doubling quotes inside', () => {
    expect(csvCell('Doe, Jr')).toBe('"Doe, Jr"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises a cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });
});

describe('paiseToRupeesText', () => {
  it('writes rupees with exactly 2 decimals from the integer', () => {
    expect(paiseToRupeesText(0n)).toBe('0.00');
    expect(paiseToRupeesText(5n)).toBe('0.05');
    expect(paiseToRupeesText(123450n)).toBe('1234.50');
    expect(paiseToRupeesText(-199n)).toBe('-1.99');
    expect(paiseToRupeesText(900719925474099199n)).toBe('9007199254740991.99');
  });
});

describe('usersCsv', () => {
  const row = (n: number): UserListRow => ({
    id: `id${n}`,
    first_name: 'F',
    last_name: 'L',
    username: `u${n}`,
    email: `u${n}@example.com`,
    country: 'India',
    role: 'user',
    freez_amount: 0n,
    banned: false,
    created_at: '2026-01-01T00:00:00.000Z',
    balance: 100n * BigInt(n),
    trades: BigInt(n),
  });

  it('yields the header, then one chunk per batch, pulling a batch only when asked', async () => {
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        pulled++;
        yield [row(b * 2), row(b * 2 + 1)];
      }
    }
    const csv = usersCsv(batches());
    expect((await csv.next()).value).toBe(
      'id,username,first_name,last_name,email,country,role,balance_inr,on_hold_inr,trades,banned,created_at\r\n',
    );
    expect(pulled).toBe(0);
    const first = (await csv.next()).value;
    expect(pulled).toBe(1);
    expect(first).toBe(
      'id0,u0,F,L,u0@example.com,India,user,0.00,0.00,0,no,2026-01-01T00:00:00.000Z\r\n' +
        'id1,u1,F,L,u1@example.com,India,user,1.00,0.00,1,no,2026-01-01T00:00:00.000Z\r\n',
    );
    const rest: string[] = [];
    for await (const chunk of csv) rest.push(chunk);
    expect(rest).toHaveLength(2);
    expect(pulled).toBe(3);
  });
});
