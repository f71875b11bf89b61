import { createHash, randomBytes } from 'node:crypto';
import { type DbOrTx, verifyPassword } from '@app/db';
import {
  isAdminRole,
  MSG,
  RECOVERY_CODE_PATTERN,
  type TwoFactorDisableBody,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@app/shared';
import fp from 'fastify-plugin';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { audit } from '../audit/audit.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  acceptedTimeStep,
  createSecretBox,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
} from './totp.ts';
import {
  acceptTimeStep,
  findTwoFactor,
  removeTwoFactor,
  startSetup,
  useRecoveryCode,
} from './two-factor.repository.ts';

/** Who a sign-in challenge was issued to: checked again when it is answered. */
export type Challenge = { userId: string; tokenVersion: number; identifier: string; expiresAt: number };

export type TwoFactorOptions = {
  /** Key material for the secrets at rest (TOTP_ENC_KEY, else JWT_SECRET). */
  keyMaterial: string;
  /** How long a sign-in challenge may be answered. */
  challengeTtlMs: number;
};

/** Which kind of code signed in, when one did. */
export type CodeKind = 'totp' | 'recovery';

export interface TwoFactor {
  status(user: Pick<SessionUser, 'id' | 'role'>): Promise<TwoFactorStatus>;
  /** Whether the user signs in with a second factor. */
  enabled(userId: string): Promise<boolean>;
  setup(user: Pick<SessionUser, 'id'>, meta: RequestMeta): Promise<TwoFactorSetupResponse>;
  /**
   * Turned on with a code: the user's other sessions end, as with a password change (those signed
   * in with the password alone), and the answer carries a new token for the device that asked.
   */
  enable(
    user: Pick<SessionUser, 'id' | 'role'>,
    code: string,
    meta: RequestMeta,
  ): Promise<TwoFactorEnableResponse>;
  disable(
    user: Pick<SessionUser, 'id'>,
    body: TwoFactorDisableBody,
    meta: RequestMeta,
  ): Promise<{ message: string }>;
  /**
   * A TOTP code (not one accepted before) or an unused recovery code, used up when it is
   * right; undefined when it is wrong. A recovery code's use is audited.
   */
  checkCode(
    userId: string,
    code: string,
    who: { actor: RequestMeta['actor'] | null; ip: string | null; requestId: string | null },
  ): Promise<CodeKind | undefined>;
  /** A short-lived, single-use challenge for the second step of a sign-in. */
  issueChallenge(challenge: Omit<Challenge, 'expiresAt'>): Promise<string>;
  /**
   * The challenge, taken away in one command: of two requests answering it at once, one gets
   * it. Undefined when it expired or was taken.
   */
  takeChallenge(token: string): Promise<Challenge | undefined>;
  /** Put a taken challenge back until its own expiry (its answer was a wrong code). */
  returnChallenge(token: string, challenge: Challenge): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactor;
  }
}

/**
 * Two-factor sign-in (TOTP, RFC 6238) as `app.twoFactor`: setup, turning it on and off, checking
 * a code, and the sign-in challenges (Redis keys named by a hash of the challenge, which lives
 * only in the client). Staff must have it on: plugins/auth.ts refuses staff routes until then
 * (docs/adr/0018-staff-two-factor-set-up-at-next-sign-in.md).
 */
export default fp<TwoFactorOptions>(
  async (app, opts) => {
    const box = createSecretBox(opts.keyMaterial);
    const check = async (
      userId: string,
      code: string,
      enable: boolean,
      db: DbOrTx = app.db,
    ): Promise<CodeKind | undefined> => {
      const record = await findTwoFactor(db, userId);
      if (!record || record.enabled === enable) return undefined;
      if (!enable && RECOVERY_CODE_PATTERN.test(code))
        return (await useRecoveryCode(app.db, userId, hashRecoveryCode(code))) ? 'recovery' : undefined;
      const step = acceptedTimeStep(box.open(userId, record.sealedSecret), code, record.lastTimeStep);
      if (step === undefined) return undefined;
      return (await acceptTimeStep(db, userId, step, { enable })) ? 'totp' : undefined;
    };

    const twoFactor: TwoFactor = {
      async status(user) {
        const record = await findTwoFactor(app.db, user.id);
        const enabled = record?.enabled ?? false;
        return {
          enabled,
          required: isAdminRole(user.role),
          recoveryCodesLeft: enabled ? (record?.recoveryCodesLeft ?? 0) : 0,
        };
      },

      async enabled(userId) {
        return (await findTwoFactor(app.db, userId))?.enabled ?? false;
      },

      async setup(user, meta) {
        const row = await findUserById(app.db, user.id);
        if (!row) throw unauthorized(MSG.sessionExpired);
        const secret = newTotpSecret();
        const recoveryCodes = newRecoveryCodes();
        await app.db.transaction(async (tx) => {
          if (
            !(await startSetup(tx, user.id, box.seal(user.id, secret), recoveryCodes.map(hashRecoveryCode)))
          )
            throw conflict(MSG.twoFactorAlreadyEnabled);
          await audit(tx, { ...auditOf(meta, user.id), action: 'user.two_factor_setup' });
        });
        return { uri: otpauthUri(secret, row.username), secret, recoveryCodes };
      },

      async enable(user, code, meta) {
        const record = await findTwoFactor(app.db, user.id);
        if (!record) throw badRequest(MSG.twoFactorNotStarted);
        if (record.enabled) throw conflict(MSG.twoFactorAlreadyEnabled);
        const announce = await app.db.transaction(async (tx) => {
          if ((await check(user.id, code, true, tx)) === undefined) throw badRequest(MSG.twoFactorCodeWrong);
          await audit(tx, {
            ...auditOf(meta, user.id),
            action: 'user.two_factor_on',
            after: { enabled: true },
          });
          return app.sessions.end(tx, user.id);
        });
        announce('two_factor_enabled');
        const token = app.signToken({ id: user.id, role: user.role, tokenVersion: announce.tokenVersion });
        return { message: MSG.twoFactorEnabled, token };
      },

      async disable(user, body, meta) {
        const row = await findUserById(app.db, user.id);
        if (!row) throw unauthorized(MSG.sessionExpired);
        if (!(await twoFactor.enabled(user.id))) throw badRequest(MSG.twoFactorNotEnabled);
        // The password and the code are guesses like a sign-in's: one slot of the account's
        // lock, taken before either is checked, kept when one is wrong, given back when both are right.
        const taken = await app.loginLock.attempt(user.id, meta.ip);
        if (!(await verifyPassword(row.passwordHash, body.password))) {
          await taken.failed();
          throw badRequest(MSG.currentPasswordWrong);
        }
        const kind = await twoFactor.checkCode(user.id, body.code, meta);
        if (!kind) {
          await taken.failed();
          throw badRequest(MSG.twoFactorCodeWrong);
        }
        await taken.giveBack();
        await app.db.transaction(async (tx) => {
          await removeTwoFactor(tx, user.id);
          await audit(tx, {
            ...auditOf(meta, user.id),
            action: 'user.two_factor_off',
            before: { enabled: true },
            after: { enabled: false },
            reason: kind === 'recovery' ? 'recovery code' : null,
          });
        });
        app.sessions.staffLost(user.id);
        return { message: MSG.twoFactorDisabled };
      },

      async checkCode(userId, code, who) {
        const kind = await check(userId, code, false);
        if (kind === 'recovery') {
          const left = (await findTwoFactor(app.db, userId))?.recoveryCodesLeft ?? 0;
          await audit(app.db, {
            actor: who.actor,
            action: 'user.recovery_code_used',
            targetType: 'user',
            targetId: userId,
            after: { recoveryCodesLeft: left },
            ip: who.ip,
            requestId: who.requestId,
          });
        }
        return kind;
      },

      async issueChallenge(challenge) {
        const token = randomBytes(32).toString('base64url');
        const value: Challenge = { ...challenge, expiresAt: Date.now() + opts.challengeTtlMs };
        await app.redis.set(challengeKey(token), JSON.stringify(value), 'PX', opts.challengeTtlMs);
        return token;
      },

      async takeChallenge(token) {
        const raw = await app.redis.getdel(challengeKey(token));
        return raw ? (JSON.parse(raw) as Challenge) : undefined;
      },

      async returnChallenge(token, challenge) {
        const left = challenge.expiresAt - Date.now();
        if (left > 0) await app.redis.set(challengeKey(token), JSON.stringify(challenge), 'PX', left, 'NX');
      },
    };
    app.decorate('twoFactor', twoFactor);
  },
  { name: 'two-factor', dependencies: ['db', 'redis', 'auth', 'sessions', 'login-lock'] },
);

/** A challenge's Redis key (under the gateway's prefix): a hash, so the key does not sign in. */
export const challengeKey = (challenge: string) =>
  `2fa-challenge:${createHash('sha256').update(challenge).digest('hex')}`;

/** The user's own change, audited like an admin's (the user is the actor and the target). */
const auditOf = (meta: RequestMeta, userId: string) => ({
  actor: meta.actor,
  targetType: 'user',
  targetId: userId,
  ip: meta.ip,
  requestId: meta.requestId,
});
