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
import {
  AccountLockedError,
  clearFailures,
  type LoginLockSettings,
  lockedUntil,
  recordFailure,
} from './login-lock.ts';
import type { PasswordPolicy } from './password-policy.ts';

type Deps = {
  db: Db;
  signToken: SignToken;
  sessions: Sessions;
  loginLock: LoginLockSettings;
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

  /** A sign-in that passed every step: the failures so far no longer count; recorded; a session. */
  const signedIn = async (
    user: UserRecord,
    identifier: string,
    client: ClientInfo,
  ): Promise<AuthResponse> => {
    await clearFailures(db, user.id);
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
        return record;
      });
      return { token: signToken(user), user: toPublicUser(user) };
    },

    /**
     * Every attempt is recorded. Unknown accounts still cost one argon2 verify (timing). A
     * locked account answers 429 before its password is looked at, so the right one does not
     * get in either (and a guesser learns nothing more); a wrong password counts towards the
     * lock, a right one clears the count, unless a code must follow: then only the code clears
     * it (else the password would reset the count of wrong codes). With two-factor sign-in on,
     * the answer is a challenge for `verifyTwoFactor`; staff without it get their session with
     * `twoFactorSetupRequired` (their staff routes are refused until they turn it on).
     */
    async login(body: LoginBody, client: ClientInfo): Promise<LoginResponse> {
      const user = await findUserByIdentifier(db, body.identifier);
      const until = user && (await lockedUntil(db, user.id));
      if (user && until) {
        await recordLogin(db, attempt(client, body.identifier, user, 'locked'));
        throw new AccountLockedError(until);
      }
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !ok) {
        await recordLogin(
          db,
          attempt(client, body.identifier, user, user ? 'wrong_password' : 'unknown_user'),
        );
        if (user) await recordFailure(db, user.id, loginLock);
        throw unauthorized(MSG.invalidCredentials);
      }
      // Checked after the password, so a ban is not revealed to someone guessing.
      if (user.bannedAt) {
        await clearFailures(db, user.id);
        await recordLogin(db, attempt(client, body.identifier, user, 'banned'));
        throw new AppError(403, MSG.accountBanned);
      }
      if (await twoFactor.enabled(user.id)) {
        const challenge = await twoFactor.issueChallenge({
          userId: user.id,
          tokenVersion: user.tokenVersion,
          identifier: body.identifier,
        });
        return { twoFactorRequired: true, challenge };
      }
      const session = await signedIn(user, body.identifier, client);
      return isAdminRole(user.role) ? { ...session, twoFactorSetupRequired: true } : session;
    },

    /**
     * The second step: a challenge from `login` and a TOTP or recovery code. The challenge is
     * taken before the code is looked at, so two answers to one challenge cannot both sign in;
     * a wrong code puts it back (the person may type again until it expires), is recorded, and
     * counts towards the account's lock like a wrong password.
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
      const until = await lockedUntil(db, user.id);
      if (until) {
        await recordLogin(db, attempt(client, challenge.identifier, user, 'locked'));
        throw new AccountLockedError(until);
      }
      if (user.bannedAt) throw new AppError(403, MSG.accountBanned);
      const who = { actor: { id: user.id, role: user.role }, ip: client.ip, requestId };
      if (!(await twoFactor.checkCode(user.id, body.code, who))) {
        await recordLogin(db, attempt(client, challenge.identifier, user, 'wrong_two_factor_code'));
        const locked = await recordFailure(db, user.id, loginLock);
        if (locked) throw new AccountLockedError(locked);
        await twoFactor.returnChallenge(body.challenge, challenge);
        throw unauthorized(MSG.twoFactorCodeWrong);
      }
      return signedIn(user, challenge.identifier, client);
    },

    /**
     * The signed-in user as the API shows it, with both balances, read by primary key (the
     * session check before it was the auth plugin's): the balances are never cached.
     */
    me,

    /**
     * A new hash, and every session of the user ends (their other devices are signed out and
     * told why); the returned token, of the new version, keeps the caller signed in here.
     */
    async changePassword(
      caller: Pick<UserRecord, 'id'>,
      body: ChangePasswordBody,
    ): Promise<{ message: string; token: string }> {
      const user = await findUserById(db, caller.id);
      if (!user) throw unauthorized(MSG.sessionExpired);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword)))
        throw badRequest(MSG.currentPasswordWrong);
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
