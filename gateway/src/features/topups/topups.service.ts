import {
  createNotification,
  createTopup,
  type Db,
  decideTopup,
  findTopupByKey,
  IdempotencyConflictError,
  InvalidMoneyInputError,
  LimitRefusalError,
  type NewNotification,
  RequestCapError,
  type TopupCaps,
  TopupDecidedError,
  type TopupDecision,
  TopupNotFoundError,
  type TopupRow,
} from '@app/db';
import {
  type AdminTopup,
  formatRupees,
  MSG,
  type Pagination,
  paiseToRupees,
  rupeesToPaise,
  type Topup,
  type TopupResponse,
  topupFieldsSchema,
  type VoucherType,
  type WalletRequestStatus,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mayReadRecordsOf, type Staff, seesSuperadminRows } from '../../lib/access.ts';
import { badRequest, conflict, limitRefusal, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { pagination } from '../../lib/sql.ts';
import type { Session } from '../../plugins/auth.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { WalletEvents } from '../notifications/notifications.events.ts';
import { toAdminTopup, toTopup } from './topups.mapper.ts';
import { findTopup, listTopupsWithUsers, listUserTopups } from './topups.repository.ts';
import type { VoucherFile, VoucherStore } from './topups.storage.ts';
import type { TopupUpload } from './topups.upload.ts';
import { checkVoucher } from './topups.voucher.ts';

export type TopupsServiceDeps = {
  db: Db;
  caps: TopupCaps;
  store: VoucherStore;
  events: WalletEvents;
  log: FastifyBaseLogger;
};

/** The session asking: its own records, and others' by its staff capability (lib/access.ts). */
export type Caller = Pick<Session, 'id' | 'staff'>;

type ListQuery = { page: number; limit: number; status?: WalletRequestStatus | 'all' };

/** The readable answer to a refusal of the top-up functions of @app/db, or the error itself. */
function toHttp(error: unknown): unknown {
  if (error instanceof TopupNotFoundError) return notFound();
  if (error instanceof TopupDecidedError) return conflict(MSG.requestAlreadyDecided);
  if (error instanceof IdempotencyConflictError) return conflict(MSG.idempotencyKeyReusedRequest);
  if (error instanceof InvalidMoneyInputError) return badRequest(MSG.invalidInput);
  if (error instanceof RequestCapError) {
    return conflict(error.cap === 'voucher_storage' ? MSG.voucherStorageFull : MSG.topupsPendingTooMany);
  }
  return limitRefusal(error) ?? error;
}

/**
 * An approval the user's own settings refuse (the money would move now): the admin is told to
 * reject it, which returns the payment outside the platform.
 */
function approvalRefusal(error: unknown): unknown {
  if (!(error instanceof LimitRefusalError)) return toHttp(error);
  return conflict(error.code === 'daily_deposit_limit' ? MSG.topupAboveDepositLimit : MSG.topupUserExcluded);
}

/** What the audit log keeps of a top-up: money as exact paise. */
const auditView = (row: TopupRow) => ({
  status: row.status,
  userId: row.userId,
  amount: row.amount,
  remarks: row.remarks,
  decidedBy: row.decidedBy,
  journalEntryId: row.journalEntryId,
});

/** The user's notification of a decision. */
function decisionNotice(row: TopupRow): NewNotification {
  const amount = paiseToRupees(row.amount);
  const data = { topupId: row.id, amount, status: row.status, remarks: row.remarks };
  return row.status === 'approved'
    ? {
        userId: row.userId,
        type: 'credit',
        title: 'Top-up approved',
        body: `${formatRupees(amount)} was added to your balance.`,
        data,
      }
    : {
        userId: row.userId,
        type: 'system',
        title: 'Top-up rejected',
        body: `Your top-up of ${formatRupees(amount)} was rejected: ${row.remarks ?? ''}`,
        data,
      };
}

/**
 * Top-ups: a user asks with a voucher image, an admin approves (the amount is credited through
 * the ledger) or rejects, once. Live events go out after the commit; a failing one is logged
 * and never undoes or fails what was committed.
 */
export function createTopupsService({ db, caps, store, events, log }: TopupsServiceDeps) {
  async function announce(...work: Array<() => Promise<void> | void>): Promise<void> {
    const results = await Promise.allSettled(work.map(async (emit) => emit()));
    for (const r of results) {
      if (r.status === 'rejected') log.error({ err: r.reason }, 'top-up event not sent');
    }
  }

  async function decide(id: string, decision: TopupDecision, meta: RequestMeta): Promise<TopupResponse> {
    const { decided, notice } = await db
      .transaction(async (tx) => {
        const decided = await decideTopup(tx, id, decision);
        await audit(tx, {
          ...auditContext(meta),
          action: `topup.${decision.decision}`,
          targetType: 'topup',
          targetId: decided.topup.id,
          before: auditView(decided.before),
          after: { ...auditView(decided.topup), balanceAfter: decided.credit?.balanceAfter ?? null },
          reason: decided.topup.remarks,
        });
        const notice = await createNotification(tx, decisionNotice(decided.topup));
        return { decided, notice };
      })
      .catch((error: unknown) => {
        throw decision.decision === 'approve' ? approvalRefusal(error) : toHttp(error);
      });
    const { topup: row } = decided;
    const topup = toTopup(row);
    log.info(
      { topupId: row.id, userId: row.userId, status: row.status, adminId: meta.actor.id },
      'top-up decided',
    );
    await announce(
      () => events.notify(notice),
      () => (row.status === 'approved' ? events.balance(row.userId, 'recharge') : undefined),
      () => events.topupUpdated(row.userId, topup),
      () => events.badges(),
    );
    return { topup, message: row.status === 'approved' ? MSG.requestApproved : MSG.requestRejected };
  }

  return {
    /**
     * A new pending top-up. Every rule is checked on the upload in memory first; only then is
     * the voucher written, under a random name, and removed again when the user's caps (counted
     * under their lock with the insert) refuse it. A retry with the same Idempotency-Key answers
     * the first top-up and stores nothing.
     */
    async create(userId: string, upload: TopupUpload, idempotencyKey?: string): Promise<TopupResponse> {
      const fields = topupFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? MSG.invalidInput);
      const voucher = checkVoucher(upload.voucher);
      if ('error' in voucher) throw badRequest(voucher.error);
      const amount = rupeesToPaise(fields.data.amount);

      if (idempotencyKey) {
        const earlier = await findTopupByKey(db, userId, idempotencyKey);
        if (earlier) {
          if (earlier.amount !== amount) throw conflict(MSG.idempotencyKeyReusedRequest);
          return { topup: toTopup(earlier), message: MSG.topupSent };
        }
      }

      const voucherKey = await store.save(voucher.bytes, voucher.type);
      const created = await createTopup(
        db,
        {
          userId,
          amount,
          voucherKey,
          voucherType: voucher.type,
          voucherSize: voucher.bytes.length,
          idempotencyKey: idempotencyKey ?? null,
        },
        caps,
      ).catch(async (error: unknown) => {
        await store.remove(voucherKey);
        throw toHttp(error);
      });
      // A concurrent retry with the same key got there first: its voucher is the one kept.
      if (!created.created) await store.remove(voucherKey);

      const topup = toTopup(created.topup);
      if (created.created) {
        log.info({ topupId: topup.id, userId, amount: topup.amount }, 'top-up requested');
        await announce(
          () => events.topupUpdated(userId, topup),
          () => events.badges(),
        );
      }
      return { topup, message: MSG.topupSent };
    },

    /** The caller's own top-ups, newest first; `all` or nothing means every status. */
    async listMine(userId: string, query: ListQuery): Promise<{ items: Topup[]; pagination: Pagination }> {
      const { rows, total } = await listUserTopups(db, {
        userId,
        status: query.status === 'all' ? undefined : query.status,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toTopup), pagination: pagination(total, query.page, query.limit) };
    },

    /** Admins: everybody's top-ups with who asked. */
    async list(query: ListQuery, viewer: Staff): Promise<{ items: AdminTopup[]; pagination: Pagination }> {
      const { rows, total } = await listTopupsWithUsers(db, {
        status: query.status === 'all' ? undefined : query.status,
        hideSuperadmins: !seesSuperadminRows(viewer),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toAdminTopup), pagination: pagination(total, query.page, query.limit) };
    },

    approve(id: string, meta: RequestMeta): Promise<TopupResponse> {
      return decide(id, { decision: 'approve', adminId: meta.actor.id }, meta);
    },

    reject(id: string, remarks: string, meta: RequestMeta): Promise<TopupResponse> {
      return decide(id, { decision: 'reject', adminId: meta.actor.id, remarks }, meta);
    },

    /**
     * The voucher file of a top-up, for its owner or staff who may see that account. Anyone else
     * is told it does not exist, as for an id that does not.
     */
    async voucher(caller: Caller, id: string): Promise<VoucherFile & { type: VoucherType }> {
      const row = await findTopup(db, id);
      if (!row || !(await mayReadRecordsOf(db, caller, row.userId))) throw notFound();
      const file = await store.open(row.voucherKey);
      if (!file) {
        log.error({ topupId: row.id }, 'voucher file missing');
        throw notFound();
      }
      return { ...file, type: row.voucherType };
    },
  };
}

export type TopupsService = ReturnType<typeof createTopupsService>;
