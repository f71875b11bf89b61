import fp from 'fastify-plugin';
import { type Lane, type LoginLockSettings, returnSlot, signedInFrom, takeSlot } from './login-lock.ts';

/** One attempt on an account, holding its slot until the password or code is judged. */
export interface Attempt {
  readonly lane: Lane;
  /**
   * It was wrong: the slot stays counted. When it was the slot that locked the lane, the owner
   * is told by email; answers that lock.
   */
  failed(): Promise<Date | undefined>;
  /** It was right, but nobody signs in with it (yet): the slot is given back. */
  giveBack(): Promise<void>;
  /** It signed in: its lane starts afresh and its address becomes the known one. */
  signedIn(): Promise<void>;
}

export interface LoginLock {
  /**
   * Take a slot for an attempt on the account from `ip`, before its password or code is
   * checked (login-lock.ts). Throws AccountLockedError while that lane is locked.
   */
  attempt(userId: string, ip: string): Promise<Attempt>;
}

declare module 'fastify' {
  interface FastifyInstance {
    loginLock: LoginLock;
  }
}

/**
 * The per-account lock as `app.loginLock`, for every check of a password or code that a guesser
 * could repeat: sign-in (both steps), change-password and turning two-factor off.
 */
export default fp<LoginLockSettings>(
  async (app, settings) => {
    app.decorate('loginLock', {
      async attempt(userId, ip) {
        const slot = await takeSlot(app.db, userId, ip, settings);
        return {
          lane: slot.lane,
          async failed() {
            if (slot.locked) await app.accountMail.accountLocked(userId, slot.lane, slot.locked);
            return slot.locked;
          },
          giveBack: () => returnSlot(app.db, userId, slot),
          signedIn: () => signedInFrom(app.db, userId, ip, slot.lane),
        };
      },
    } satisfies LoginLock);
  },
  { name: 'login-lock', dependencies: ['db', 'account-mail'] },
);
