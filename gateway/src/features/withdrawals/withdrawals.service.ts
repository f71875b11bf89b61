import {
  createNotification,
  createWithdrawal,
  type Db,
  type DbOrTx,
  decideWithdrawal,
  getBalances,
  IdempotencyConflictError,
  InvalidMoneyInputError,
  RequestCapError,
  UnknownUserError,
  WithdrawalAboveAvailableError,
  type WithdrawalBank,
  WithdrawalBankRequiredError,
  WithdrawalDecidedError,
  WithdrawalNotFoundError,
  type WithdrawalRow,
  withdrawalEntries,
} from '@app/db';
import {
  type AdminWithdrawal,
  type BankDetails,
  formatRupees,
  MSG,
  type Pagination,
  paiseToRupees,
  rupeesToPaise,
  toBalancesView,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalDecision,
  type WithdrawalDetail,
  withdrawalBankSchema,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mayReadRecordsOf, type Staff, seesSuperadminRows } from '../../lib/access.ts';
import {
  type AppError,
  badRequest,
  conflict,
  limitRefusal,
  notFound,
  unauthorized,
} from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { pagination } from '../../lib/sql.ts';
import type { Session } from '../../plugins/auth.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { WalletEvents } from '../notifications/notifications.events.ts';
import { toAdminWithdrawal, toWithdrawal, toWithdrawalDetail } from './withdrawals.mapper.ts';
import { findWithdrawalWithUser, listAllWithdrawals, listUserWithdrawals } from './withdrawals.repository.ts';

export type WithdrawalsServiceDeps = {
  db: Db;
  /** Withdrawals one user may have waiting for review. */
  maxPending: number;
  events: WalletEvents;
  log: FastifyBaseLogger;
};

/** The requesting user as authentication loaded them: who, and their saved bank details. */
export type Requester = { id: string } & BankDetails;
/** The session asking: its own records, and others' by its staff capability (lib/access.ts). */
export type Caller = Pick<Session, 'id' | 'staff'>;

const BANK_FIELDS = ['accountHolderName', 'bankAccountNumber', 'bankName', 'ifscCode'] as const;

/** The readable answer to a refusal of the withdrawal functions of @app/db, else undefined. */
function toHttp(error: unknown): AppError | undefined {
  if (error instanceof WithdrawalAboveAvailableError) return badRequest(MSG.withdrawalAboveAvailable);
  if (error instanceof WithdrawalBankRequiredError) return badRequest(MSG.withdrawalBankRequired);
  if (error instanceof IdempotencyConflictError) return conflict(MSG.idempotencyKeyReusedRequest);
  if (error instanceof WithdrawalDecidedError) return conflict(MSG.requestAlreadyDecided);
  if (error instanceof WithdrawalNotFoundError) return notFound();
  if (error instanceof UnknownUserError) return unauthorized(MSG.sessionExpired);
  if (error instanceof InvalidMoneyInputError) return badRequest(MSG.invalidInput);
  if (error instanceof RequestCapError) return conflict(MSG.withdrawalsPendingTooMany);
  const refused = limitRefusal(error);
  if (refused) return refused;
  return undefined;
}

async function withHttpErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttp(error) ?? error;
  }
}

/**
 * The bank details a request brings, to be saved to the profile first; null when it brings none
 * (the saved profile's are used, and @app/db refuses when they are incomplete). Sent fields are
 * all four or nothing: a partial set is refused rather than silently dropped, since the money
 * would then go to the old account.
 */
function bankOf(requester: Requester, body: WithdrawalBody): WithdrawalBank | null {
  const sent = BANK_FIELDS.filter((f) => (body[f] ?? '').trim() !== '');
  if (sent.length === 0) return null;
  const profileComplete = BANK_FIELDS.every((f) => Boolean(requester[f]));
  if (sent.length < BANK_FIELDS.length && !profileComplete) throw badRequest(MSG.withdrawalBankRequired);
  const parsed = withdrawalBankSchema.safeParse({
    accountHolderName: body.accountHolderName,
    bankAccountNumber: body.bankAccountNumber,
    bankName: body.bankName,
    ifscCode: body.ifscCode,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.bankFieldsRequired);
  return parsed.data;
}

/**
 * Withdrawals: a user's request (the amount is debited at once, by @app/db, in the transaction
 * that stores it), the user's and the admins' lists, and the admin's one decision (a rejection
 * returns the amount). Live events go out only after the commit.
 */
export function createWithdrawalsService({ db, maxPending, events, log }: WithdrawalsServiceDeps) {
  /** Post-commit announcements: their failure cannot undo what committed, so it is only logged. */
  async function announce(what: string, work: Array<(() => Promise<void> | void) | false>): Promise<void> {
    const results = await Promise.allSettled(work.map(async (send) => send && (await send())));
    for (const r of results) {
      if (r.status === 'rejected') log.error({ err: r.reason }, `withdrawal ${what}: event not sent`);
    }
  }

  async function detailOf(tx: DbOrTx, row: WithdrawalRow): Promise<WithdrawalDetail> {
    const found = await findWithdrawalWithUser(tx, row.id);
    if (!found) throw notFound();
    return toWithdrawalDetail(found.withdrawal, found.user, found.userBank, await withdrawalEntries(tx, row));
  }

  return {
    /** `created` is false for a retry with the same Idempotency-Key: the first request, nothing moved. */
    async create(
      requester: Requester,
      body: WithdrawalBody,
      key: string | undefined,
    ): Promise<{
      created: boolean;
      answer: { withdrawal: Withdrawal; balances: { real: number; practice: number }; message: string };
    }> {
      const bank = bankOf(requester, body);
      const {
        withdrawal: row,
        created,
        balances,
      } = await withHttpErrors(() =>
        db.transaction(async (tx) => {
          const result = await createWithdrawal(tx, {
            userId: requester.id,
            amount: rupeesToPaise(body.amount),
            bank,
            idempotencyKey: key ?? null,
            maxPending,
          });
          return { ...result, balances: await getBalances(tx, requester.id) };
        }),
      );
      const withdrawal = toWithdrawal(row);
      if (created) {
        log.info(
          { withdrawalId: row.id, userId: row.userId, amount: row.amount.toString() },
          'withdrawal requested',
        );
        await announce('requested', [
          () => events.balance(row.userId, 'withdrawal'),
          () => events.withdrawalUpdated(row.userId, withdrawal),
          () => events.badges(),
        ]);
      }
      return {
        created,
        answer: { withdrawal, balances: toBalancesView(balances), message: MSG.withdrawalSubmitted },
      };
    },

    async listMine(
      userId: string,
      query: { page: number; limit: number; status?: Withdrawal['status'] | 'all' },
    ): Promise<{ items: Withdrawal[]; pagination: Pagination }> {
      const { rows, total } = await listUserWithdrawals(db, {
        userId,
        status: query.status === 'all' ? undefined : query.status,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toWithdrawal), pagination: pagination(total, query.page, query.limit) };
    },

    async listAll(
      query: { page: number; limit: number; status?: Withdrawal['status'] | 'all'; search?: string },
      viewer: Staff,
    ): Promise<{ items: AdminWithdrawal[]; pagination: Pagination }> {
      const { rows, total } = await listAllWithdrawals(db, {
        status: query.status === 'all' ? undefined : query.status,
        hideSuperadmins: !seesSuperadminRows(viewer),
        search: query.search || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        items: rows.map((r) => toAdminWithdrawal(r.withdrawal, r.user)),
        pagination: pagination(total, query.page, query.limit),
      };
    },

    /** The owner's withdrawal, or one staff may see; anyone else's does not exist for them. */
    async get(caller: Caller, id: string): Promise<WithdrawalDetail> {
      const found = await findWithdrawalWithUser(db, id);
      if (!found || !(await mayReadRecordsOf(db, caller, found.withdrawal.userId))) throw notFound();
      return toWithdrawalDetail(
        found.withdrawal,
        found.user,
        found.userBank,
        await withdrawalEntries(db, found.withdrawal),
      );
    },

    /**
     * Approve or reject a pending withdrawal, with the audit row and the user's notification in
     * the same transaction. Approval moves no money (the debit was made with the request);
     * rejection returns the amount.
     */
    async decide(
      id: string,
      body: WithdrawalDecision,
      meta: RequestMeta,
    ): Promise<{ withdrawal: WithdrawalDetail; message: string }> {
      const approve = body.status === 'approved';
      const { row, notification, detail } = await withHttpErrors(() =>
        db.transaction(async (tx) => {
          const { before, withdrawal: row } = await decideWithdrawal(tx, id, {
            decision: approve ? 'approve' : 'reject',
            adminId: meta.actor.id,
            remarks: body.remarks,
          });
          await audit(tx, {
            ...auditContext(meta),
            action: approve ? 'withdrawal.approve' : 'withdrawal.reject',
            targetType: 'withdrawal',
            targetId: row.id,
            before: {
              status: before.status,
              userId: before.userId,
              amount: before.amount,
              trxNumber: before.trxNumber,
            },
            after: {
              status: row.status,
              remarks: row.remarks,
              decidedAt: row.decidedAt,
              returnEntryId: row.returnEntryId,
            },
            reason: row.remarks,
          });
          const amount = paiseToRupees(row.amount);
          const notification = await createNotification(tx, {
            userId: row.userId,
            type: 'withdrawal',
            title: approve ? 'Withdrawal approved' : 'Withdrawal rejected',
            body: approve
              ? `Your withdrawal of ${formatRupees(amount)} (${row.trxNumber}) was approved. Remarks: ${row.remarks}`
              : `Your withdrawal of ${formatRupees(amount)} (${row.trxNumber}) was rejected and the amount returned to your balance. Remarks: ${row.remarks}`,
            data: {
              withdrawalId: row.id,
              amount,
              trxNumber: row.trxNumber,
              status: row.status,
              remarks: row.remarks,
            },
          });
          return { row, notification, detail: await detailOf(tx, row) };
        }),
      );
      log.info({ withdrawalId: row.id, status: row.status, adminId: meta.actor.id }, 'withdrawal decided');
      await announce('decided', [
        () => events.notify(notification),
        !approve && (() => events.balance(row.userId, 'withdrawal_return')),
        () => events.withdrawalUpdated(row.userId, toWithdrawal(row)),
        () => events.badges(),
      ]);
      return { withdrawal: detail, message: approve ? MSG.withdrawalApproved : MSG.withdrawalRejected };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
