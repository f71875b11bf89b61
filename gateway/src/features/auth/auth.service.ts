import { type Db, type DbOrTx, dummyHash, hashPassword, verifyPassword } from '@app/db';
import {
  type AuthResponse,
  type ChangePasswordBody,
  isAdminRole,
  type LoginBody,
  type LoginResponse,
  MSG,
  type RegisterBody,
  type TwoFactorVerifyBody,
} from '@app/shared';
import { batchedByKey } from '../../lib/batched.ts';
import { deviceTypeOf } from '../../lib/device.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { ClientInfo } from '../../lib/request.ts';
import type { SignToken } from '../../plugins/auth.ts';
import { consumeKey, findKeyByCode } from '../referral-keys/referral-keys.repository.ts';
import type { Sessions } from '../sessions/sessions.plugin.ts';
import type { TwoFactor } from '../two-factor/two-factor.plugin.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import {
  findPublicUsersByIds,
  findUserById,
  findUserByIdentifier,
  insertUser,
  type PublicUserRecord,
  replacePassword,
  type UserRecord,
} from '../users/users.repository.ts';
import { type LoginAttempt, recordLogin } from './auth.repository.ts';
import type { Attempt, LoginLock } from './login-lock.plugin.ts';
import { AccountLockedError, signedInFrom } from './login-lock.ts';
import type { PasswordPolicy } from './password-policy.ts';

type Deps = {
  db: Db;
  signToken: SignToken;
  sessions: Sessions;
  loginLock: LoginLock;
  twoFactor: TwoFactor;
  passwords: PasswordPolicy;
};

/** Why a key could not be used, checked in the order a person would fix it. */
async function referralRefusal(db: DbOrTx, code: string): Promise<string> {
  const key = await findKeyByCode(db, code);
  if (!key) return MSG.referralUnknown;
  if (!key.active) return MSG.referralInactive;
  if (key.expired) return MSG.referralExpired;
  return MSG.referralUsedUp;
}

export function createAuthService({ db, signToken, sessions, loginLock, twoFactor, passwords }: Deps) {
  // Signed-in pages ask for the user together (each tab, each device): the requests of one
  // turn of the event loop read their users in one statement (lib/batched.ts).
  const publicUser = batchedByKey((ids) => findPublicUsersByIds(db, ids));

  async function me(id: string): Promise<PublicUserRecord> {
    const user = await publicUser(id);
    if (!user) throw unauthorized(MSG.sessionExpired);
    return user;
  }

  const attempt = (
    client: ClientInfo,
    identifier: string,
    user: UserRecord | undefined,
    failureReason: string | null,
  ): LoginAttempt => ({
    userId: user?.id ?? null,
    identifier,
    username: user?.username ?? null,
    email: user?.email ?? null,
    role: user?.role ?? null,
    success: failureReason === null,
    failureReason,
    deviceType: deviceTypeOf(client.userAgent),
    userAgent: client.userAgent,
    ip: client.ip,
  });

  /**
   * An attempt on an account from the client, its slot taken before the password or code is
   * checked; a locked account's refusal is recorded before it is answered.
   */
  const takeAttempt = async (user: UserRecord, identifier: string, client: ClientInfo): Promise<Attempt> => {
    try {
      return await loginLock.attempt(user.id, client.ip);
    } catch (error) {
      if (error instanceof AccountLockedError)
        await recordLogin(db, attempt(client, identifier, user, 'locked'));
      throw error;
    }
  };

  /** A sign-in that passed every step: its lane's attempts no longer count; recorded; a session. */
  const signedIn = async (
    user: UserRecord,
    identifier: string,
    client: ClientInfo,
    taken: Attempt,
  ): Promise<AuthResponse> => {
    await taken.signedIn();
    await recordLogin(db, attempt(client, identifier, user, null));
    return { token: signToken(user), user: toPublicUser(user) };
  };

  return {
    /**
     * One transaction takes a use of the referral key and creates the user; a duplicate
     * username or email rolls it back, so the use is not counted. The password is hashed
     * before the transaction so no row lock is held during the slow hash.
     */
    async register(body: RegisterBody, client: ClientInfo): Promise<AuthResponse> {
      await passwords.refuseWeak(body.password, body);
      const passwordHash = await hashPassword(body.password);
      const user = await db.transaction(async (tx) => {
        const key = await consumeKey(tx, body.referral);
        if (!key) throw badRequest(await referralRefusal(tx, body.referral));
        const row = await insertUser(tx, {
          firstName: body.firstName,
          lastName: body.lastName,
          username: body.username,
          email: body.email,
          passwordHash,
          country: body.country,
          hasReferral: true,
          referralKeyId: key.id,
        });
        const record: UserRecord = { ...row, referralCode: key.code };
        await recordLogin(tx, attempt(client, body.username, record, null));
        await signedInFrom(tx, record.id, client.ip, 'elsewhere');
        return record;
      });
      return { token: signToken(user), user: toPublicUser(user) };
    },

    /**
     * Every attempt is recorded. Unknown accounts still cost one argon2 verify (timing). The
     * attempt takes its slot of the account's lock before the password is looked at (a locked
     * account answers 429, so the right password does not get in either, and a guesser learns
     * nothing more); a wrong password keeps it, a right one clears its lane, unless a code must
     * follow: then it gives its slot back, and only the code clears the lane (else the password
     * would reset the count of wrong codes). With two-factor sign-in on, the answer is a
     * challenge for `verifyTwoFactor`; staff without it get their session with
     * `twoFactorSetupRequired` (their staff routes are refused until they turn it on).
     */
    async login(body: LoginBody, client: ClientInfo): Promise<LoginResponse> {
      const user = await findUserByIdentifier(db, body.identifier);
      const taken = user && (await takeAttempt(user, body.identifier, client));
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !taken || !ok) {
        await recordLogin(
          db,
          attempt(client, body.identifier, user, user ? 'wrong_password' : 'unknown_user'),
        );
        await taken?.failed();
        throw unauthorized(MSG.invalidCredentials);
      }
      // Checked after the password, so a ban is not revealed to someone guessing.
      if (user.bannedAt) {
        await taken.giveBack();
        await recordLogin(db, attempt(client, body.identifier, user, 'banned'));
        throw new AppError(403, MSG.accountBanned);
      }
      if (await twoFactor.enabled(user.id)) {
        await taken.giveBack();
        const challenge = await twoFactor.issueChallenge({
          userId: user.id,
          tokenVersion: user.tokenVersion,
          identifier: body.identifier,
        });
        return { twoFactorRequired: true, challenge };
      }
      const session = await signedIn(user, body.identifier, client, taken);
      return isAdminRole(user.role) ? { ...session, twoFactorSetupRequired: true } : session;
    },

    /**
     * The second step: a challenge from `login` and a TOTP or recovery code. The challenge is
     * taken before the code is looked at, so two answers to one challenge cannot both sign in;
     * the code takes its slot of the account's lock as a password does. A wrong code puts the
     * challenge back (the person may type again until it expires), is recorded, and keeps its
     * slot; the one that locks the account answers 429.
     */
    async verifyTwoFactor(
      body: TwoFactorVerifyBody,
      client: ClientInfo,
      requestId: string,
    ): Promise<AuthResponse> {
      const challenge = await twoFactor.takeChallenge(body.challenge);
      if (!challenge) throw unauthorized(MSG.twoFactorChallengeExpired);
      const user = await findUserById(db, challenge.userId);
      // A password change or a sign-out everywhere since the password step ends it too.
      if (!user || user.tokenVersion !== challenge.tokenVersion)
        throw unauthorized(MSG.twoFactorChallengeExpired);
      const taken = await takeAttempt(user, challenge.identifier, client);
      if (user.bannedAt) {
        await taken.giveBack();
        throw new AppError(403, MSG.accountBanned);
      }
      const who = { actor: { id: user.id, role: user.role }, ip: client.ip, requestId };
      if (!(await twoFactor.checkCode(user.id, body.code, who))) {
        await recordLogin(db, attempt(client, challenge.identifier, user, 'wrong_two_factor_code'));
        const locked = await taken.failed();
        if (locked) throw new AccountLockedError(locked);
        await twoFactor.returnChallenge(body.challenge, challenge);
        throw unauthorized(MSG.twoFactorCodeWrong);
      }
      return signedIn(user, challenge.identifier, client, taken);
    },

    /**
     * The signed-in user as the API shows it, with both balances, read by primary key (the
     * session check before it was the auth plugin's): the balances are never cached.
     */
    me,

    /**
     * A new hash, and every session of the user ends (their other devices are signed out and
     * told why); the returned token, of the new version, keeps the caller signed in here. The
     * current password is a guess like a sign-in's: it takes a slot of the account's lock
     * before it is checked, keeps it when wrong, and gives it back when right.
     */
    async changePassword(
      caller: Pick<UserRecord, 'id'>,
      body: ChangePasswordBody,
      client: ClientInfo,
    ): Promise<{ message: string; token: string }> {
      const user = await findUserById(db, caller.id);
      if (!user) throw unauthorized(MSG.sessionExpired);
      const taken = await loginLock.attempt(user.id, client.ip);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
        await taken.failed();
        throw badRequest(MSG.currentPasswordWrong);
      }
      await taken.giveBack();
      await passwords.refuseWeak(body.newPassword, user);
      const passwordHash = await hashPassword(body.newPassword);
      const announce = await db.transaction(async (tx) => {
        if (!(await replacePassword(tx, user, passwordHash))) throw unauthorized(MSG.sessionExpired);
        return sessions.end(tx, user.id);
      });
      announce('password_changed');
      return {
        message: MSG.passwordChanged,
        token: signToken({ id: user.id, role: user.role, tokenVersion: announce.tokenVersion }),
      };
    },

    /** Every session of the user ends, the caller's own included. */
    async logoutAll(user: Pick<UserRecord, 'id'>): Promise<{ message: string }> {
      const announce = await db.transaction((tx) => sessions.end(tx, user.id));
      announce('logged_out_everywhere');
      return { message: MSG.sessionEndedEverywhere };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
