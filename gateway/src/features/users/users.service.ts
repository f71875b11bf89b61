import type { Db } from '@app/db';
import { type BankBody, MSG, type ProfileBody, type PublicUser } from '@app/shared';
import { unauthorized } from '../../lib/errors.ts';
import { toPublicUser } from './users.mapper.ts';
import { findUserById, updateUser } from './users.repository.ts';

/**
 * The caller's own profile and bank details. There is deliberately no user id in these
 * calls: the id always comes from the authenticated session.
 */
export function createUsersService({ db }: { db: Db }) {
  async function save(
    userId: string,
    values: Parameters<typeof updateUser>[2],
    message: string,
  ): Promise<{ user: PublicUser; message: string }> {
    if (!(await updateUser(db, userId, values))) throw unauthorized(MSG.sessionExpired);
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized(MSG.sessionExpired);
    return { user: toPublicUser(user), message };
  }

  return {
    updateProfile: (userId: string, body: ProfileBody) =>
      save(userId, { firstName: body.firstName, lastName: body.lastName }, MSG.profileSaved),
    updateBank: (userId: string, body: BankBody) =>
      save(
        userId,
        {
          accountHolderName: body.accountHolderName,
          bankAccountNumber: body.bankAccountNumber,
          bankName: body.bankName,
          ifscCode: body.ifscCode,
        },
        MSG.bankSaved,
      ),
  };
}
