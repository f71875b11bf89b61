import { type Db, hashPassword } from '@app/db';
import { type CreateAccountBody, MSG, type PublicUser, type SuperOverview } from '@app/shared';
import type { RequestMeta } from '../../lib/request.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { PasswordPolicy } from '../auth/password-policy.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { insertUser } from '../users/users.repository.ts';
import { overviewCounts } from './superadmin.repository.ts';

export function createSuperadminService({ db, passwords }: { db: Db; passwords: PasswordPolicy }) {
  return {
    /** A user or admin account made by a superadmin; the audit row never holds the password. */
    async createAccount(
      role: 'user' | 'admin',
      body: CreateAccountBody,
      meta: RequestMeta,
    ): Promise<{ user: PublicUser; message: string }> {
      await passwords.refuseWeak(body.password, body);
      const passwordHash = await hashPassword(body.password);
      const user = await db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          firstName: body.firstName,
          lastName: body.lastName,
          username: body.username,
          email: body.email,
          passwordHash,
          country: body.country,
          role,
          createdBy: meta.actor.id,
        });
        const user = toPublicUser(row);
        await audit(tx, {
          ...auditContext(meta),
          action: `${role}.create`,
          targetType: 'user',
          targetId: row.id,
          after: user,
        });
        return user;
      });
      return { user, message: role === 'admin' ? MSG.adminCreated : MSG.userCreated };
    },

    overview: (): Promise<SuperOverview> => overviewCounts(db),
  };
}
