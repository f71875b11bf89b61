import {
  accountTokenUser,
  consumeAccountToken,
  type Db,
  hashPassword,
  retireAccountTokens,
  users,
} from '@app/db';
import { MSG, type ResetPasswordBody } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.ts';
import { audit } from '../audit/audit.ts';
import type { Sessions } from '../sessions/sessions.plugin.ts';
import { findUserById } from '../users/users.repository.ts';
import type { AccountMail } from './account-mail.plugin.ts';
import { clearLocks } from './login-lock.ts';
import type { PasswordPolicy } from './password-policy.ts';

type Deps = { db: Db; sessions: Sessions; accountMail: AccountMail; passwords: PasswordPolicy };
type Client = { ip: string; requestId: string };

/** Forgotten passwords: a link by email (the workers send it), then a new password with it. */
export function createRecoveryService({ db, sessions, accountMail, passwords }: Deps) {
  return {
    /** The same answer whatever the identifier names: the lookup happens in the mail job. */
    async forgotPassword(identifier: string): Promise<{ message: string }> {
      await accountMail.requestPasswordReset(identifier);
      return { message: MSG.resetLinkSent };
    },

    /**
     * One transaction: the token is used (once, unexpired), the password replaced, the user's
     * other reset links retired, a sign-in lock lifted (the owner of the mailbox proved who
     * they are), every session ended and the reset audited. The sockets hear `session:ended`
     * after the commit. The password is judged with the words of the account the link is for,
     * and hashed, before that transaction.
     */
    async resetPassword(body: ResetPasswordBody, client: Client): Promise<{ message: string }> {
      const owner = await accountTokenUser(db, 'password_reset', body.token);
      const user = owner && (await findUserById(db, owner));
      if (!user) throw badRequest(MSG.resetLinkInvalid);
      await passwords.refuseWeak(body.newPassword, user);
      const passwordHash = await hashPassword(body.newPassword);
      const announce = await db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, 'password_reset', body.token);
        if (!used) throw badRequest(MSG.resetLinkInvalid);
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, used.userId));
        await retireAccountTokens(tx, used.userId, 'password_reset');
        const { wasLockedUntil } = await clearLocks(tx, used.userId);
        const end = await sessions.end(tx, used.userId);
        await audit(tx, {
          actor: null,
          action: 'user.password_reset',
          targetType: 'user',
          targetId: used.userId,
          before: { lockedUntil: wasLockedUntil },
          after: { lockedUntil: null, sessionsEnded: true },
          ip: client.ip,
          requestId: client.requestId,
        });
        return end;
      });
      announce('password_reset');
      return { message: MSG.passwordReset };
    },
  };
}
