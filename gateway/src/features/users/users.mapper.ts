import type { UserRow } from '@app/db';
import { isAdminRole, type PublicUser, paiseToRupees } from '@app/shared';

/** The columns of a user row that the API shows (toPublicUser): no hash, no token version. */
export type PublicUserColumns = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'username'
  | 'email'
  | 'country'
  | 'role'
  | 'freezAmount'
  | 'freezReason'
  | 'reputationPoints'
  | 'hasReferral'
  | 'accountHolderName'
  | 'bankAccountNumber'
  | 'bankName'
  | 'ifscCode'
  | 'bannedAt'
  | 'emailVerifiedAt'
  | 'createdAt'
>;

/**
 * The user as the API shows it: rupees, no secrets, isAdmin derived from the role.
 * `balance` and `practiceBalance` are the ledger balances in paise (see users.repository.ts).
 */
export function toPublicUser(
  row: PublicUserColumns & { referralCode?: string | null; balance: bigint; practiceBalance: bigint },
): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    country: row.country,
    role: row.role,
    isAdmin: isAdminRole(row.role),
    balance: paiseToRupees(row.balance),
    practiceBalance: paiseToRupees(row.practiceBalance),
    freezAmount: paiseToRupees(row.freezAmount),
    freezReason: row.freezReason,
    reputationPoints: row.reputationPoints,
    hasReferral: row.hasReferral,
    referralCode: row.referralCode ?? null,
    accountHolderName: row.accountHolderName,
    bankAccountNumber: row.bankAccountNumber,
    bankName: row.bankName,
    ifscCode: row.ifscCode,
    banned: row.bannedAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
