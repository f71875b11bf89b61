import {
  type AccountTokenPurpose,
  type DbOrTx,
  findMailRecipient,
  issueCappedAccountToken,
  type MailRecipient,
  withdrawAccountToken,
} from '@app/db';
import {
  ACCOUNT_LINK_PATHS,
  type AccountLockedMailJobData,
  type PasswordResetMailJobData,
  type VerificationMailJobData,
} from '@app/shared';
import { UnrecoverableError } from 'bullmq';
import { accountLockedMail, passwordResetMail, verificationMail } from '../mail/messages.ts';
import { type MailMessage, MailNotConfiguredError, type SendMail } from '../mail/transport.ts';

export type MailJobDeps = {
  db: DbOrTx;
  send: SendMail;
  /** The web app's address; links are built on it. */
  publicUrl: string;
  /** Reset links one account may be sent per hour. */
  resetMailsPerHour: number;
};

const HOUR = 3_600_000;
/** Verification links per hour: enough for a lost email and a typo fixed, not a mail bomb. */
const VERIFICATION_MAILS_PER_HOUR = 5;

export type MailJobResult = { sent: boolean; reason?: 'no_account' | 'capped' | 'verified' };

/**
 * An SMTP failure as it may be kept and logged: its code and reply code, not its message (which
 * can quote the recipient's address).
 */
function sendFailure(error: unknown): Error {
  if (error instanceof MailNotConfiguredError) return new UnrecoverableError(error.message);
  const e = error as { code?: unknown; responseCode?: unknown };
  const failure = new Error(
    `SMTP send failed (${String(e.code ?? 'error')} ${String(e.responseCode ?? '')})`.trim(),
  );
  failure.name = 'MailSendError';
  return failure;
}

/**
 * The mail queue's jobs. Each issues its token here, so the token exists only in the database
 * (as a hash) and in the email. A send that fails withdraws its token before the retry issues a
 * new one, so a retry neither leaves a second working link nor counts twice towards the cap.
 */
export function createMailJobs(deps: MailJobDeps) {
  const link = (path: string, token: string) => {
    const url = new URL(path, deps.publicUrl);
    url.searchParams.set('token', token);
    return url.toString();
  };

  /** A token (unless the account is at its cap) and its email; undefined when capped. */
  async function issueAndSend(
    user: MailRecipient,
    purpose: AccountTokenPurpose,
    perHour: number,
    compose: (to: MailRecipient, link: string) => MailMessage,
    path: string,
  ): Promise<MailJobResult> {
    const token = await issueCappedAccountToken(
      deps.db,
      { userId: user.id, purpose, email: user.email },
      { max: perHour, withinMs: HOUR },
    );
    if (!token) return { sent: false, reason: 'capped' };
    try {
      await deps.send(compose(user, link(path, token)));
    } catch (error) {
      await withdrawAccountToken(deps.db, token);
      throw sendFailure(error);
    }
    return { sent: true };
  }

  return {
    async passwordReset(data: PasswordResetMailJobData): Promise<MailJobResult> {
      const user = await findMailRecipient(deps.db, { identifier: data.identifier });
      if (!user || user.banned) return { sent: false, reason: 'no_account' };
      return issueAndSend(
        user,
        'password_reset',
        deps.resetMailsPerHour,
        passwordResetMail,
        ACCOUNT_LINK_PATHS.resetPassword,
      );
    },

    async emailVerification(data: VerificationMailJobData): Promise<MailJobResult> {
      const user = await findMailRecipient(deps.db, { id: data.userId });
      if (!user || user.banned) return { sent: false, reason: 'no_account' };
      if (user.emailVerified) return { sent: false, reason: 'verified' };
      return issueAndSend(
        user,
        'email_verification',
        VERIFICATION_MAILS_PER_HOUR,
        verificationMail,
        ACCOUNT_LINK_PATHS.verifyEmail,
      );
    },

    /** No token, no cap: a lane locks at most once per lock window. */
    async accountLocked(data: AccountLockedMailJobData): Promise<MailJobResult> {
      const user = await findMailRecipient(deps.db, { id: data.userId });
      if (!user || user.banned) return { sent: false, reason: 'no_account' };
      try {
        await deps.send(accountLockedMail(user, data));
      } catch (error) {
        throw sendFailure(error);
      }
      return { sent: true };
    },
  };
}
