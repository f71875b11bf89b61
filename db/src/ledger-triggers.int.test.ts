import type { TransactionSql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { checkLedgerInvariants } from './index.ts';

/**
 * The double-entry triggers (migrations 0003 and 0009): the postings one statement inserts
 * balance entry by entry, checked at that statement; an entry created without postings is
 * refused at commit. The entries here move money within one platform account (+x and -x on
 * `adjustments`), so what they commit changes no balance another test reads.
 */
const client = createDb(inject('databaseUrl'), { max: 4 });
afterAll(() => client.close());
const { sql } = client;

let adjustments: string;
beforeAll(async () => {
  const [row] = await sql<Array<{ id: bigint }>>`
    select id from ledger_accounts where user_id is null and kind = 'adjustments'`;
  adjustments = String(row?.id);
});

async function newEntry(tx: TransactionSql<{ bigint: bigint }>, remarks = 'trigger test'): Promise<string> {
  const [row] = await tx<Array<{ id: bigint }>>`
    insert into journal_entries (type, remarks) values ('admin_adjustment', ${remarks}) returning id`;
  return String(row?.id);
}

/** A committed, balanced entry: +amount and -amount on `adjustments`. */
async function committedEntry(amount = 5): Promise<string> {
  return sql.begin(async (tx) => {
    const id = await newEntry(tx);
    await tx`insert into postings (entry_id, account_id, amount)
             values (${id}, ${adjustments}, ${amount}), (${id}, ${adjustments}, ${-amount})`;
    return id;
  });
}

async function postingsOf(entryId: string) {
  return sql<Array<{ amount: bigint }>>`select amount from postings where entry_id = ${entryId} order by id`;
}

/** The refusal both triggers raise (so settleExpiry's batchRefused recognises either). */
const refusal = (message: RegExp) =>
  expect.objectContaining({
    code: '23514',
    constraint_name: 'journal_entries_balanced',
    message: expect.stringMatching(message),
  });

describe('the double-entry triggers', () => {
  it('commit a balanced entry, and a statement of many balanced entries', async () => {
    const one = await committedEntry();
    expect((await postingsOf(one)).map((p) => p.amount)).toEqual([5n, -5n]);

    const ids = await sql.begin(async (tx) => {
      const rows = await tx<Array<{ id: bigint }>>`
        with e as (insert into journal_entries (type, remarks)
                   select 'admin_adjustment', 'trigger test batch' from generate_series(1, 300) returning id)
        insert into postings (entry_id, account_id, amount)
        select e.id, ${adjustments}, s.amount from e cross join (values (7), (-3), (-4)) s(amount)
        returning entry_id as id`;
      return [...new Set(rows.map((r) => String(r.id)))];
    });
    expect(ids).toHaveLength(300);
    const [sums] = await sql<Array<{ n: number; total: string }>>`
      select count(*)::int as n, sum(amount)::text as total from postings where entry_id = any(${ids}::bigint[])`;
    expect(sums).toEqual({ n: 900, total: '0' });
  });

  it('refuse an entry with one posting, or with postings that do not sum to zero, at the statement that wrote them', async () => {
    let reached = false;
    const one = sql.begin(async (tx) => {
      const id = await newEntry(tx);
      await tx`insert into postings (entry_id, account_id, amount) values (${id}, ${adjustments}, 5)`;
      reached = true;
    });
    await expect(one).rejects.toEqual(refusal(/unbalanced: 1 postings summing to 5/));
    expect(reached).toBe(false);

    const uneven = sql.begin(async (tx) => {
      const id = await newEntry(tx);
      await tx`insert into postings (entry_id, account_id, amount)
               values (${id}, ${adjustments}, 5), (${id}, ${adjustments}, -4)`;
    });
    await expect(uneven).rejects.toEqual(refusal(/unbalanced: 2 postings summing to 1/));
  });

  it('check each entry of a statement on its own: entries that only net to zero together are refused', async () => {
    const both = sql.begin(async (tx) => {
      const a = await newEntry(tx);
      const b = await newEntry(tx);
      await tx`insert into postings (entry_id, account_id, amount)
               values (${a}, ${adjustments}, 5), (${a}, ${adjustments}, -3),
                      (${b}, ${adjustments}, -5), (${b}, ${adjustments}, 3)`;
    });
    await expect(both).rejects.toEqual(refusal(/unbalanced: 2 postings summing to (2|-2)/));
  });

  it('refuse at commit an entry that has no postings, also when they were rolled back to a savepoint', async () => {
    let reached = false;
    const empty = sql.begin(async (tx) => {
      await newEntry(tx, 'no postings');
      reached = true;
    });
    await expect(empty).rejects.toEqual(refusal(/unbalanced: 0 postings summing to 0/));
    expect(reached).toBe(true);

    const rolledBack = sql.begin(async (tx) => {
      const id = await newEntry(tx, 'postings rolled back');
      await tx
        .savepoint(async (sp) => {
          await sp`insert into postings (entry_id, account_id, amount)
                   values (${id}, ${adjustments}, 5), (${id}, ${adjustments}, -5)`;
          throw new Error('roll the postings back');
        })
        .catch(() => {});
    });
    await expect(rolledBack).rejects.toEqual(refusal(/unbalanced: 0 postings/));

    // One batch statement's entries, one of them without postings: the commit refuses them all.
    const batch = sql.begin(
      (tx) => tx`
        with e as (insert into journal_entries (type, remarks)
                   select 'admin_adjustment', 'batch with a gap' from generate_series(1, 5) returning id)
        insert into postings (entry_id, account_id, amount)
        select e.id, ${adjustments}, s.amount
          from (select id from e order by id offset 1) e cross join (values (2), (-2)) s(amount)`,
    );
    await expect(batch).rejects.toEqual(refusal(/unbalanced: 0 postings/));
  });

  it('refuse a posting appended to an entry another transaction committed', async () => {
    const id = await committedEntry();
    await expect(
      sql`insert into postings (entry_id, account_id, amount) values (${id}, ${adjustments}, 5)`,
    ).rejects.toEqual(refusal(/unbalanced: 1 postings summing to 5/));
    await expect(
      sql`insert into postings (entry_id, account_id, amount)
          values (${id}, ${adjustments}, 5), (${id}, ${adjustments}, -1)`,
    ).rejects.toEqual(refusal(/unbalanced: 2 postings summing to 4/));
    // Within a transaction too: the rest in a later statement does not make it acceptable.
    const twoSteps = sql.begin(async (tx) => {
      await tx`insert into postings (entry_id, account_id, amount) values (${id}, ${adjustments}, 5)`;
      await tx`insert into postings (entry_id, account_id, amount) values (${id}, ${adjustments}, -5)`;
    });
    await expect(twoSteps).rejects.toEqual(refusal(/unbalanced: 1 postings/));
    expect((await postingsOf(id)).map((p) => p.amount)).toEqual([5n, -5n]);
  });

  it('keep an entry balanced when a balanced set is appended to it later (it is checked, and sums to zero)', async () => {
    const id = await committedEntry();
    await sql`insert into postings (entry_id, account_id, amount)
              values (${id}, ${adjustments}, 9), (${id}, ${adjustments}, -9)`;
    const [sum] = await sql<Array<{ n: number; total: string }>>`
      select count(*)::int as n, sum(amount)::text as total from postings where entry_id = ${id}`;
    expect(sum).toEqual({ n: 4, total: '0' });
  });

  it('refuse a balanced entry whose postings are inserted by two statements of one transaction', async () => {
    // By design: each statement's postings must balance entry by entry (migration 0009). Every
    // writer inserts an entry's postings with one INSERT (post, place_trade, settle_trade,
    // settle_expiry), and this rule is what lets a posting statement be checked on its own,
    // without the deferred per-posting check at commit this replaced. Split postings fail at
    // the first statement, where the mistake is.
    let reached = false;
    const split = sql.begin(async (tx) => {
      const id = await newEntry(tx);
      await tx`insert into postings (entry_id, account_id, amount) values (${id}, ${adjustments}, 5)`;
      reached = true;
      await tx`insert into postings (entry_id, account_id, amount) values (${id}, ${adjustments}, -5)`;
    });
    await expect(split).rejects.toEqual(refusal(/unbalanced: 1 postings summing to 5/));
    expect(reached).toBe(false);

    // Two INSERTs into postings in CTEs of one statement are one statement: accepted.
    const [row] = await sql.begin(
      (tx) => tx<Array<{ id: bigint }>>`
        with e as (insert into journal_entries (type, remarks) values ('admin_adjustment', 'two ctes') returning id),
             a as (insert into postings (entry_id, account_id, amount) select id, ${adjustments}, 6 from e returning 1)
        insert into postings (entry_id, account_id, amount) select id, ${adjustments}, -6 from e returning entry_id as id`,
    );
    expect((await postingsOf(String(row?.id))).map((p) => String(p.amount)).sort()).toEqual(['-6', '6']);
  });

  it('leave the ledger sound', async () => {
    expect(await checkLedgerInvariants(client.db)).toEqual([]);
  });
});
