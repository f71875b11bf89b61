/**
 * The invariants a soak run holds the platform to, read from its database while it runs and at
 * the end: the ledger's own (checkLedgerInvariants, as the reconciler runs it), every trade
 * ended exactly once with the money its result says, every top-up and withdrawal moved money
 * once or not at all, and every balance equal to what its owner's top-ups, withdrawals and
 * trades add up to.
 */
import { checkLedgerInvariants, createDb, type DbClient } from '@app/db';
import type { Model } from './model.ts';
import type { Recorder } from './recorder.ts';

const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

export type CheckOptions = {
  recorder: Recorder;
  /** What the users were told: trades placed, top-ups approved, and the balances pages show. */
  model: Pick<Model, 'placed' | 'approvedTopups' | 'balancesShown'>;
  /** A trade running this long past its end, or past the end of the last fault, breaks the bound. */
  tradeEndBoundMs: number;
  /** Apply the time bound to running trades (off in the test: only the end state counts there). */
  timeBounds: boolean;
};

export type CheckRound = {
  ok: boolean;
  /** Trades running now (all of them: past their end or not). */
  running: number;
  /** Trades running past their end + the bound. */
  overdue: number;
};

export class Checks {
  private readonly client: DbClient;
  constructor(
    databaseUrl: string,
    private readonly o: CheckOptions,
  ) {
    this.client = createDb(databaseUrl, { max: 2, applicationName: 'soak' });
  }

  close() {
    return this.client.close();
  }

  /** One round of every check; false when the database could not be read (a fault). */
  async round(final = false): Promise<CheckRound> {
    try {
      return await this.all(final);
    } catch (err) {
      this.o.recorder.count('check round skipped (database away)');
      if (final) {
        this.o.recorder.violation('checks', `the final checks could not read the database: ${String(err)}`);
      }
      return { ok: false, running: -1, overdue: -1 };
    }
  }

  private async all(final: boolean): Promise<CheckRound> {
    const { recorder } = this.o;
    const { db, sql } = this.client;

    for (const v of await checkLedgerInvariants(db)) {
      recorder.violation('ledger', json(v), json(v));
    }

    // Each trade: one stake, and one closing entry (payout or refund) paying what its result
    // says once it has ended (none for a loss, none while it runs).
    const trades = await sql<
      Array<{
        id: string;
        status: string;
        payout: string | null;
        stakes: number;
        closes: number;
        paid: string;
      }>
    >`
      with moves as (
        select e.reference,
               count(distinct e.id) filter (where e.type = 'trade_stake')::int as stakes,
               count(distinct e.id) filter (where e.type in ('trade_payout', 'trade_refund'))::int as closes,
               coalesce(sum(p.amount) filter (where e.type in ('trade_payout', 'trade_refund')), 0) as paid
        from journal_entries e
        join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.user_id is not null
        where e.type in ('trade_stake', 'trade_payout', 'trade_refund')
        group by e.reference)
      select t.id::text as id, t.status::text as status, t.payout::text as payout,
             coalesce(m.stakes, 0) as stakes, coalesce(m.closes, 0) as closes, coalesce(m.paid, 0)::text as paid
      from trades t left join moves m on m.reference = t.id::text
      where coalesce(m.stakes, 0) <> 1
         or (t.status = 'running' and coalesce(m.closes, 0) <> 0)
         or (t.status <> 'running' and coalesce(m.closes, 0) <> (case when t.payout > 0 then 1 else 0 end))
         or (t.status <> 'running' and coalesce(m.paid, 0) <> t.payout)`;
    for (const t of trades) {
      recorder.violation(
        'trade-ended-once',
        `trade ${t.id} (${t.status}, payout ${t.payout}): ${t.stakes} stake entries, ${t.closes} closing entries paying ${t.paid}`,
        `${t.id}:${t.status}:${t.closes}`,
      );
    }

    // Every trade the platform said it placed exists.
    const placed = [...this.o.model.placed.keys()];
    if (placed.length > 0) {
      const found = await sql<
        Array<{ id: string }>
      >`select id::text as id from trades where id in ${sql(placed)}`;
      const ids = new Set(found.map((r) => r.id));
      for (const id of placed) {
        if (!ids.has(id))
          recorder.violation('trade-placed', `trade ${id} was answered as placed but is not recorded`, id);
      }
    }

    const running = await sql<Array<{ id: string; expires: number }>>`
      select id::text as id, (extract(epoch from expires_at) * 1000)::float8 as expires
      from trades where status = 'running'`;
    const now = Date.now();
    const lastFault = recorder.lastFault(now);
    let overdue = 0;
    for (const t of running) {
      const due = Math.max(t.expires, lastFault) + this.o.tradeEndBoundMs;
      if (now <= due) continue;
      overdue++;
      if (this.o.timeBounds || final) {
        recorder.violation(
          'trade-end-bound',
          `trade ${t.id} still running ${Math.round((now - t.expires) / 1000)} s after its end`,
          t.id,
        );
      }
    }

    // Top-ups: an approved one credited once with its amount; any other, never.
    const topups = await sql<Array<{ id: string; status: string; amount: string; n: number; total: string }>>`
      with r as (
        select e.reference, count(distinct e.id)::int as n, sum(p.amount) as total
        from journal_entries e
        join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.user_id is not null
        where e.type = 'recharge'
        group by e.reference)
      select t.id::text as id, t.status::text as status, t.amount::text as amount,
             coalesce(r.n, 0) as n, coalesce(r.total, 0)::text as total
      from topups t left join r on r.reference = t.id::text
      where (t.status = 'approved' and (coalesce(r.n, 0) <> 1 or coalesce(r.total, 0) <> t.amount))
         or (t.status <> 'approved' and coalesce(r.n, 0) <> 0)`;
    for (const t of topups) {
      recorder.violation(
        'top-up-credited-once',
        `top-up ${t.id} (${t.status}, ${t.amount} paise): ${t.n} credits totalling ${t.total}`,
        `${t.id}:${t.n}`,
      );
    }
    const approved = [...this.o.model.approvedTopups.keys()];
    if (approved.length > 0) {
      const rows = await sql<Array<{ id: string; status: string }>>`
        select id::text as id, status::text as status from topups where id in ${sql(approved)}`;
      for (const r of rows) {
        if (r.status !== 'approved') {
          recorder.violation(
            'top-up-credited-once',
            `top-up ${r.id} was answered approved but is ${r.status}`,
            r.id,
          );
        }
      }
    }

    // Withdrawals: debited once with the request; a rejected one returned once, others never.
    const withdrawals = await sql<
      Array<{ id: string; status: string; amount: string; dn: number; dt: string; rn: number; rt: string }>
    >`
      with m as (
        select e.reference, e.type, count(distinct e.id)::int as n, sum(p.amount) as total
        from journal_entries e
        join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.user_id is not null
        where e.type in ('withdrawal', 'withdrawal_return')
        group by e.reference, e.type)
      select w.id::text as id, w.status::text as status, w.amount::text as amount,
             coalesce(d.n, 0) as dn, coalesce(d.total, 0)::text as dt,
             coalesce(r.n, 0) as rn, coalesce(r.total, 0)::text as rt
      from withdrawals w
      left join m d on d.reference = w.id::text and d.type = 'withdrawal'
      left join m r on r.reference = w.id::text and r.type = 'withdrawal_return'
      where coalesce(d.n, 0) <> 1 or coalesce(d.total, 0) <> -w.amount
         or (w.status = 'rejected' and (coalesce(r.n, 0) <> 1 or coalesce(r.total, 0) <> w.amount))
         or (w.status <> 'rejected' and coalesce(r.n, 0) <> 0)`;
    for (const w of withdrawals) {
      recorder.violation(
        'withdrawal-moved-once',
        `withdrawal ${w.id} (${w.status}, ${w.amount} paise): ${w.dn} debits (${w.dt}), ${w.rn} returns (${w.rt})`,
        `${w.id}:${w.status}:${w.dn}:${w.rn}`,
      );
    }

    // Each real balance from its owner's records rather than the ledger: approved top-ups,
    // minus withdrawals asked for, plus those rejected, minus stakes, plus what trades paid,
    // plus any other movement (an admin's adjustment).
    const balances = await sql<Array<{ user_id: string; kind: string; cached: string; expected: string }>>`
      with other as (
        select a.id as account_id, sum(p.amount) as total
        from postings p
        join journal_entries e on e.id = p.entry_id
        join ledger_accounts a on a.id = p.account_id
        where a.user_id is not null
          and e.type not in ('recharge', 'withdrawal', 'withdrawal_return', 'trade_stake', 'trade_payout', 'trade_refund')
        group by a.id)
      select a.user_id::text as user_id, a.kind::text as kind, a.balance::text as cached, (
          coalesce(o.total, 0)
        + case when a.kind = 'user_real' then
              coalesce((select sum(amount) from topups where user_id = a.user_id and status = 'approved'), 0)
            - coalesce((select sum(amount) from withdrawals where user_id = a.user_id), 0)
            + coalesce((select sum(amount) from withdrawals where user_id = a.user_id and status = 'rejected'), 0)
          else 0 end
        - coalesce((select sum(amount) from trades t where t.user_id = a.user_id
                      and t.account = (case when a.kind = 'user_real' then 'real' else 'practice' end)::money_account), 0)
        + coalesce((select sum(payout) from trades t where t.user_id = a.user_id and t.status <> 'running'
                      and t.account = (case when a.kind = 'user_real' then 'real' else 'practice' end)::money_account), 0)
        )::text as expected
      from ledger_accounts a left join other o on o.account_id = a.id
      where a.user_id is not null`;
    for (const b of balances) {
      if (b.cached !== b.expected) {
        recorder.violation(
          'balance-equals-records',
          `${b.kind} of user ${b.user_id}: balance ${b.cached} paise, its top-ups, withdrawals and trades give ${b.expected}`,
          `${b.user_id}:${b.kind}:${b.cached}`,
        );
      }
    }
    if (final) {
      // What each trader's page shows is what the ledger holds.
      const shown = await this.o.model.balancesShown();
      const byUser = new Map<string, { real?: string; practice?: string }>();
      for (const b of balances) {
        const entry = byUser.get(b.user_id) ?? {};
        if (b.kind === 'user_real') entry.real = b.cached;
        else entry.practice = b.cached;
        byUser.set(b.user_id, entry);
      }
      for (const [userId, s] of shown) {
        const held = byUser.get(userId) ?? {};
        const paise = (rupees: number) => String(Math.round(rupees * 100));
        if (paise(s.real) !== (held.real ?? '0') || paise(s.practice) !== (held.practice ?? paise(100_000))) {
          recorder.violation(
            'balance-shown',
            `user ${userId} is shown real ${s.real}, practice ${s.practice}; the ledger holds ${held.real ?? 0} and ${held.practice ?? 'none'} paise`,
            userId,
          );
        }
      }
    }
    return { ok: true, running: running.length, overdue };
  }
}
