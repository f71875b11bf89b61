import type { LockLane } from '@app/shared';
import fp from 'fastify-plugin';

/**
 * Emails to an account, as jobs on the `mail` queue (the workers send them through SMTP with
 * retries; docs/architecture.md "Email"). A request only adds the job, so it never waits on an
 * SMTP server, and a reset request does the same work whether or not the account exists.
 */
export interface AccountMail {
  /** Queue a reset link for the account `identifier` names, if any (the worker looks it up). */
  requestPasswordReset(identifier: string): Promise<void>;
  /**
   * Queue a verification link to the user's current address. Never throws: the account change
   * that asked for it is committed, and the user can ask again from the banner.
   */
  sendVerification(userId: string): Promise<void>;
  /**
   * Queue the owner's notice that a lane of their account's sign-in lock was set, until `until`.
   * Never throws: the attempt that locked it is refused either way.
   */
  accountLocked(userId: string, lane: LockLane, until: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountMail: AccountMail;
  }
}

export default fp(
  async (app) => {
    const log = app.log.child({ feature: 'account-mail' });
    app.decorate('accountMail', {
      async requestPasswordReset(identifier) {
        await app.queues.mail.add('passwordReset', { identifier });
      },
      async sendVerification(userId) {
        try {
          await app.queues.mail.add('emailVerification', { userId });
        } catch (err) {
          log.error({ err, userId }, 'verification email not queued');
        }
      },
      async accountLocked(userId, lane, until) {
        try {
          await app.queues.mail.add('accountLocked', { userId, lane, lockedUntil: until.toISOString() });
        } catch (err) {
          log.error({ err, userId }, 'account locked email not queued');
        }
      },
    } satisfies AccountMail);
  },
  { name: 'account-mail', dependencies: ['queues'] },
);
