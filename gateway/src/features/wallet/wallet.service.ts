import { createNotification, type Db, pendingRequestCounts, walletTransactions } from '@app/db';
import {
  type AdminBadges,
  formatRupees,
  type HoldBody,
  MSG,
  type Pagination,
  type PublicUser,
  paiseToRupees,
  RECORD_BILL_SELECTIONS,
  type RecordBillFilter,
  type RecordSelection,
  rupeesToPaise,
  type WalletTransactionsQueryParams,
  type WalletTransactionView,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { accountRole, mayViewAccount, type Staff } from '../../lib/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { pagination } from '../../lib/sql.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { WalletEvents } from '../notifications/notifications.events.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import { toWalletTransaction } from './wallet.mapper.ts';
import { lockHold, setHold } from './wallet.repository.ts';

export type WalletServiceDeps = {
  db: Db;
  events: Pick<WalletEvents, 'notify' | 'hold'>;
  log: FastifyBaseLogger;
};

export type RecordsPage = { items: WalletTransactionView[]; pagination: Pagination };

type SpecFilter = Exclude<RecordBillFilter, 'all'>;
const isSpecFilter = (type: string): type is SpecFilter => Object.hasOwn(RECORD_BILL_SELECTIONS, type);

/** The rows a Bill Type filter selects; undefined for every row. */
function selectionFor(type: WalletTransactionsQueryParams['type']): RecordSelection | undefined {
  if (type === 'all') return undefined;
  return isSpecFilter(type) ? RECORD_BILL_SELECTIONS[type] : { types: [type] };
}

function holdNotice(freezAmount: bigint, previous: bigint, reason: string) {
  if (freezAmount === 0n) {
    return {
      title: 'Hold released',
      body: `The hold of ${formatRupees(paiseToRupees(previous))} on your balance has been released. Reason: ${reason}`,
    };
  }
  return {
    title: 'Funds on hold',
    body: `${formatRupees(paiseToRupees(freezAmount))} of your balance is on hold and cannot be withdrawn. Reason: ${reason}`,
  };
}

/**
 * Financial Records (the ledger of one balance as the user sees it), admin holds and the
 * admin badge counts. Records are read-only; a hold is the one write here, and it is audited
 * and notified in the transaction that makes it.
 */
export function createWalletService({ db, events, log }: WalletServiceDeps) {
  async function records(userId: string, query: WalletTransactionsQueryParams): Promise<RecordsPage> {
    // Balances are INR only: another currency has no movements, so no query either.
    if (query.currency !== 'INR') return { items: [], pagination: pagination(0, query.page, query.limit) };
    const selection = selectionFor(query.type);
    const found = await walletTransactions(db, userId, {
      account: query.account,
      type: selection?.types,
      tradeStatus: selection?.tradeStatuses,
      page: query.page,
      limit: query.limit,
      sort: query.sort,
    });
    return {
      items: found.items.map((tx) => toWalletTransaction(tx, query.account)),
      pagination: pagination(found.total, found.page, found.limit),
    };
  }

  /** After the commit: a failed push must not turn a committed hold into an error answer. */
  async function announce(work: () => Promise<void> | void, what: string): Promise<void> {
    try {
      await work();
    } catch (err) {
      log.warn({ err }, `${what} push failed`);
    }
  }

  return {
    /** The caller's own records. */
    records,

    /**
     * Staff: one account's records, as the user detail shows that account (lib/access.ts): 404
     * for an account that does not exist, 403 for one the viewer may not see.
     */
    async userRecords(
      viewer: Staff,
      userId: string,
      query: WalletTransactionsQueryParams,
    ): Promise<RecordsPage> {
      const role = await accountRole(db, userId);
      if (!role) throw notFound();
      if (!mayViewAccount(viewer, role)) throw forbidden();
      return records(userId, query);
    },

    /**
     * Admin: set the amount on hold (0 releases it) with the reason the user sees. On release
     * freezReason becomes null: the field describes the hold in force, and the release's reason
     * stays in the audit row and in the user's notification. Nobody holds their own funds (an
     * admin could otherwise release a hold on themselves), and only a superadmin holds an
     * admin's or a superadmin's.
     */
    async hold(
      userId: string,
      body: HoldBody,
      meta: RequestMeta,
    ): Promise<{ user: PublicUser; message: string }> {
      if (userId === meta.actor.id) throw forbidden(MSG.holdOwnAccount);
      const freezAmount = rupeesToPaise(body.freezAmount);
      const freezReason = freezAmount === 0n ? null : body.reason;
      const { user, notification } = await db.transaction(async (tx) => {
        const before = await lockHold(tx, userId);
        if (!before) throw notFound();
        if (!mayViewAccount(meta.actor.role, before.role)) throw forbidden(MSG.holdAdminAccount);
        await setHold(tx, userId, freezAmount, freezReason);
        await audit(tx, {
          ...auditContext(meta),
          action: 'user.hold',
          targetType: 'user',
          targetId: userId,
          before: { freezAmount: before.freezAmount, freezReason: before.freezReason },
          after: { freezAmount, freezReason },
          reason: body.reason,
        });
        const notification = await createNotification(tx, {
          userId,
          type: 'system',
          ...holdNotice(freezAmount, before.freezAmount, body.reason),
          data: {
            freezAmount: paiseToRupees(freezAmount),
            previousFreezAmount: paiseToRupees(before.freezAmount),
            reason: body.reason,
          },
        });
        const user = await findUserById(tx, userId);
        if (!user) throw new Error(`user ${userId} vanished under its row lock`);
        return { user, notification };
      });
      await announce(() => events.notify(notification), 'hold notification');
      await announce(() => events.hold(userId, paiseToRupees(freezAmount), freezReason), 'hold');
      return { user: toPublicUser(user), message: MSG.holdUpdated };
    },

    async badges(): Promise<AdminBadges> {
      return pendingRequestCounts(db);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
