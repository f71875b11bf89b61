import {
  createNotification,
  type Db,
  type DbOrTx,
  hashPassword,
  IdempotencyConflictError,
  InsufficientFundsError,
  type NotificationRow,
  type Posted,
  post,
  type Tx,
  type UserRow,
} from '@app/db';
import {
  type AdminSetPasswordBody,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type AdminUserUpdateBody,
  type BalanceAdjustmentBody,
  type BalanceAdjustmentResponse,
  type BanBody,
  formatRupees,
  isAdminRole,
  MSG,
  paiseToRupees,
  type Role,
  rupeesToPaise,
  type SessionEndReason,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mayViewAccount, type Staff } from '../../lib/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { pagination } from '../../lib/sql.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { PasswordPolicy } from '../auth/password-policy.ts';
import type { WalletEvents } from '../notifications/notifications.events.ts';
import { toResponsibleTrading } from '../responsible-trading/responsible-trading.mapper.ts';
import { dailyFigures, readSettings } from '../responsible-trading/responsible-trading.repository.ts';
import type { Sessions } from '../sessions/sessions.plugin.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import { usersCsv } from './admin-users.csv.ts';
import {
  changeUser,
  listUsers,
  lockUser,
  streamUsers,
  type UserChanges,
  type UserFilter,
  type UserListRow,
  userStats,
} from './admin-users.repository.ts';

export type AdminUsersServiceDeps = {
  db: Db;
  sessions: Pick<Sessions, 'end'>;
  events: Pick<WalletEvents, 'notify' | 'balance'>;
  log: FastifyBaseLogger;
  passwords: PasswordPolicy;
};

/** Rows of the export held in memory at once: one cursor batch. */
export const EXPORT_BATCH = 500;

const EDIT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'hasReferral',
  'accountHolderName',
  'bankAccountNumber',
  'bankName',
  'ifscCode',
] as const;

function toRow(r: UserListRow): AdminUserRow {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    username: r.username,
    email: r.email,
    country: r.country,
    role: r.role,
    isAdmin: isAdminRole(r.role),
    balance: paiseToRupees(r.balance),
    freezAmount: paiseToRupees(r.freez_amount),
    frozen: r.freez_amount > 0n,
    banned: r.banned,
    trades: Number(r.trades),
    createdAt: r.created_at,
  };
}

/**
 * The admin users screen. Plain admins act on user accounts only: an admin or superadmin
 * account is refused to them (403) on every route, as it is missing from their list. Every
 * write locks the user's row, writes its audit row (targetType 'user') in the same transaction,
 * and announces what the user must see only after the commit.
 */
export function createAdminUsersService({ db, sessions, events, log, passwords }: AdminUsersServiceDeps) {
  /** Post-commit pushes: a failure cannot undo what committed, so it is only logged. */
  async function announce(what: string, work: Array<(() => Promise<void> | void) | false>): Promise<void> {
    const results = await Promise.allSettled(work.map(async (send) => send && (await send())));
    for (const r of results) {
      if (r.status === 'rejected') log.error({ err: r.reason }, `admin users ${what}: push failed`);
    }
  }

  /** The target locked for a write by `actor`, or 404 / 403. */
  async function target(tx: DbOrTx, userId: string, actor: RequestMeta['actor']): Promise<UserRow> {
    const row = await lockUser(tx, userId);
    if (!row) throw notFound();
    if (!mayViewAccount(actor.role, row.role)) throw forbidden();
    return row;
  }

  async function detail(userId: string, viewer: Staff | Role): Promise<AdminUserDetail> {
    const at = new Date();
    const [user, stats, limits, used] = await Promise.all([
      findUserById(db, userId),
      userStats(db, userId),
      readSettings(db, userId),
      dailyFigures(db, userId, at),
    ]);
    if (!user) throw notFound();
    if (!mayViewAccount(viewer, user.role)) throw forbidden();
    return {
      ...toPublicUser(user),
      bannedAt: user.bannedAt?.toISOString() ?? null,
      banReason: user.banReason,
      loginLocked: stats.login_locked,
      stats: {
        deposits: paiseToRupees(stats.deposits),
        withdrawals: paiseToRupees(stats.withdrawals),
        transactions: Number(stats.transactions),
        totalTrades: Number(stats.total_trades),
        winTrades: Number(stats.win_trades),
        lossTrades: Number(stats.loss_trades),
        drawTrades: Number(stats.draw_trades),
      },
      responsibleTrading: toResponsibleTrading(limits, used, at),
    };
  }

  /**
   * Change the user's row under its lock, audit it, and end their sessions when asked: all in
   * one transaction; the sessions' end is announced after the commit.
   */
  async function write(
    userId: string,
    meta: RequestMeta,
    work: (tx: Tx, before: UserRow) => Promise<{ endSessions?: SessionEndReason }>,
  ): Promise<void> {
    const after = await db.transaction(async (tx) => {
      const before = await target(tx, userId, meta.actor);
      const { endSessions } = await work(tx, before);
      if (!endSessions) return undefined;
      const announceEnd = await sessions.end(tx, userId);
      return () => announceEnd(endSessions);
    });
    if (after) await announce('session end', [after]);
  }

  return {
    async list(query: AdminUsersQuery, viewer: Role): Promise<AdminUsersResponse> {
      const { rows, total } = await listUsers(
        db,
        { viewer, search: query.search },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { users: rows.map(toRow), ...pagination(total, query.page, query.limit) };
    },

    /** The export's CSV text, chunk by chunk, read through a cursor as the reply drains. */
    exportCsv(query: Pick<AdminUsersQuery, 'search'>, viewer: Role): AsyncGenerator<string> {
      const filter: UserFilter = { viewer, search: query.search };
      return usersCsv(streamUsers(db, filter, EXPORT_BATCH));
    },

    get: (userId: string, viewer: Staff) => detail(userId, viewer),

    /**
     * Names, email, referral flag, bank fields; the role only from a superadmin (and never their
     * own, so the platform cannot lose its last superadmin by a slip). A role change is audited on
     * its own (`user.role_change`) and ends the user's sessions: the next sign-in carries the new role.
     */
    async update(
      userId: string,
      body: AdminUserUpdateBody,
      meta: RequestMeta,
    ): Promise<{ user: AdminUserDetail; message: string }> {
      await write(userId, meta, async (tx, before) => {
        const changes: UserChanges = {};
        const was: Record<string, unknown> = {};
        for (const field of EDIT_FIELDS) {
          const value = body[field];
          if (value === undefined || value === before[field]) continue;
          Object.assign(changes, { [field]: value });
          was[field] = before[field];
        }
        const newRole = body.role !== undefined && body.role !== before.role ? body.role : undefined;
        if (newRole) {
          if (meta.actor.role !== 'superadmin' || meta.actor.id === userId) throw forbidden();
          changes.role = newRole;
        }
        if (Object.keys(changes).length === 0) return {};
        await changeUser(tx, userId, changes);
        const { role: _role, ...fields } = changes;
        if (Object.keys(fields).length > 0) {
          await audit(tx, {
            ...auditContext(meta),
            action: 'user.update',
            targetType: 'user',
            targetId: userId,
            before: was,
            after: fields,
          });
        }
        if (!newRole) return {};
        await audit(tx, {
          ...auditContext(meta),
          action: 'user.role_change',
          targetType: 'user',
          targetId: userId,
          before: { role: before.role, isAdmin: isAdminRole(before.role) },
          after: { role: newRole, isAdmin: isAdminRole(newRole) },
        });
        return { endSessions: 'role_changed' };
      });
      return { user: await detail(userId, meta.actor.role), message: MSG.userUpdated };
    },

    /** Ban: every session ends at once; running trades still settle (settlement ignores bans). */
    async ban(
      userId: string,
      body: BanBody,
      meta: RequestMeta,
    ): Promise<{ user: AdminUserDetail; message: string }> {
      if (userId === meta.actor.id) throw forbidden();
      await write(userId, meta, async (tx, before) => {
        await changeUser(tx, userId, { bannedAt: before.bannedAt ?? new Date(), banReason: body.reason });
        await audit(tx, {
          ...auditContext(meta),
          action: 'user.ban',
          targetType: 'user',
          targetId: userId,
          before: { bannedAt: before.bannedAt, banReason: before.banReason },
          after: { banned: true, banReason: body.reason },
          reason: body.reason,
        });
        return { endSessions: 'banned' };
      });
      return { user: await detail(userId, meta.actor.role), message: MSG.userBanned };
    },

    async unban(userId: string, meta: RequestMeta): Promise<{ user: AdminUserDetail; message: string }> {
      await write(userId, meta, async (tx, before) => {
        if (!before.bannedAt) return {};
        await changeUser(tx, userId, { bannedAt: null, banReason: null });
        await audit(tx, {
          ...auditContext(meta),
          action: 'user.unban',
          targetType: 'user',
          targetId: userId,
          before: { bannedAt: before.bannedAt, banReason: before.banReason },
          after: { banned: false },
        });
        return {};
      });
      return { user: await detail(userId, meta.actor.role), message: MSG.userUnbanned };
    },

    /** A new password set by an admin: every older token of the user stops working. */
    async setPassword(
      userId: string,
      body: AdminSetPasswordBody,
      meta: RequestMeta,
    ): Promise<{ message: string }> {
      // Judged with the target's own words, once the caller may act on it.
      const owner = await findUserById(db, userId);
      if (!owner) throw notFound();
      if (!mayViewAccount(meta.actor.role, owner.role)) throw forbidden();
      await passwords.refuseWeak(body.newPassword, owner);
      // argon2 is slow on purpose: hash before the row lock is taken.
      const passwordHash = await hashPassword(body.newPassword);
      await write(userId, meta, async (tx) => {
        await changeUser(tx, userId, { passwordHash });
        // The audit row says that it happened, never what the password is.
        await audit(tx, {
          ...auditContext(meta),
          action: 'user.password_set',
          targetType: 'user',
          targetId: userId,
          after: { passwordSet: true },
        });
        return { endSessions: 'password_set_by_admin' };
      });
      return { message: MSG.passwordUpdated };
    },

    /**
     * Credit or debit the user's real balance: one admin_adjustment entry against the platform's
     * adjustments account (post_entry), its audit row and the user's notification in one
     * transaction. The ledger refuses a debit below zero, under the account's lock, so concurrent
     * debits can never overdraw. A retry with the same Idempotency-Key returns the first entry.
     */
    async adjustBalance(
      userId: string,
      body: BalanceAdjustmentBody,
      key: string,
      meta: RequestMeta,
    ): Promise<BalanceAdjustmentResponse> {
      const paise = rupeesToPaise(body.amount);
      const signed = body.type === 'credit' ? paise : -paise;
      let outcome: { posted: Posted; notification: NotificationRow | null };
      try {
        outcome = await db.transaction(async (tx) => {
          await target(tx, userId, meta.actor);
          const posted = await post(tx, {
            type: 'admin_adjustment',
            userId,
            account: 'real',
            amount: signed,
            counterparty: 'adjustments',
            remarks: body.remarks,
            // Namespaced by the admin: two admins' keys never collide.
            idempotencyKey: `adjust:${meta.actor.id}:${key}`,
            createdBy: meta.actor.id,
          });
          // A retry: the first request wrote the audit row and the notification.
          if (posted.replayed) return { posted, notification: null };
          await audit(tx, {
            ...auditContext(meta),
            action: 'user.balance_adjust',
            targetType: 'user',
            targetId: userId,
            before: { balance: posted.balanceAfter - signed },
            after: { balance: posted.balanceAfter, type: body.type, amount: paise, entryId: posted.entryId },
            reason: body.remarks,
          });
          const rupees = formatRupees(paiseToRupees(paise));
          const notification = await createNotification(tx, {
            userId,
            type: 'credit',
            title: body.type === 'credit' ? 'Balance credited' : 'Balance debited',
            body:
              body.type === 'credit'
                ? `${rupees} was added to your balance by the platform. Remarks: ${body.remarks}`
                : `${rupees} was deducted from your balance by the platform. Remarks: ${body.remarks}`,
            data: {
              type: body.type,
              amount: paiseToRupees(paise),
              balance: paiseToRupees(posted.balanceAfter),
              entryId: posted.entryId.toString(),
              remarks: body.remarks,
            },
          });
          return { posted, notification };
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw badRequest(MSG.deductBelowZero);
        if (error instanceof IdempotencyConflictError) throw conflict(MSG.idempotencyKeyReusedRequest);
        throw error;
      }
      const { posted, notification } = outcome;
      if (notification) {
        log.info(
          { userId, adminId: meta.actor.id, amount: signed.toString(), entryId: posted.entryId.toString() },
          'balance adjusted',
        );
        await announce('balance adjustment', [
          () => events.balance(userId, 'admin_adjustment'),
          () => events.notify(notification),
        ]);
      }
      return {
        message: MSG.balanceAdjusted,
        balance: paiseToRupees(posted.balanceAfter),
        entryId: posted.entryId.toString(),
        replayed: posted.replayed,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
