import { consumeAccountToken, type Db, users } from '@app/db';
import { MSG } from '@app/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import type { AccountMail } from './account-mail.plugin.ts';

type Deps = { db: Db; accountMail: AccountMail };

/** Email verification: a link to the current address, and the address marked verified with it. */
export function createEmailVerificationService({ db, accountMail }: Deps) {
  return {
    /**
     * The token is used once; the address it was sent to must still be the account's (an
     * address changed since then is not verified by an old link).
     */
    async verify(token: string): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, 'email_verification', token);
        if (!used) throw badRequest(MSG.verifyLinkInvalid);
        const [row] = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`))
          .returning({ id: users.id });
        if (!row) throw badRequest(MSG.verifyLinkInvalid);
      });
      return { message: MSG.emailVerified };
    },

    async resend(userId: string): Promise<{ message: string }> {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
      if (!user) {
        const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
        throw exists ? conflict(MSG.emailAlreadyVerified) : unauthorized(MSG.sessionExpired);
      }
      await accountMail.sendVerification(userId);
      return { message: MSG.verificationSent };
    },
  };
}
