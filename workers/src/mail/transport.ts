import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type SendMail = (message: MailMessage) => Promise<void>;

/** Thrown when no SMTP server is configured: retrying cannot help. */
export class MailNotConfiguredError extends Error {
  override name = 'MailNotConfiguredError';
  constructor() {
    super('SMTP_URL is not set: mail cannot be sent');
  }
}

/**
 * Sends through the SMTP server of `smtpUrl` (nodemailer; pooled connections). Without one,
 * every send throws MailNotConfiguredError. `close()` ends the pool.
 */
export function createMailTransport(smtpUrl: string | undefined, from: string) {
  if (!smtpUrl) {
    return {
      send: (async () => {
        throw new MailNotConfiguredError();
      }) satisfies SendMail,
      close: () => {},
    };
  }
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  const transport = nodemailer.createTransport(url.toString());
  return {
    send: (async (message) => {
      await transport.sendMail({ from, ...message });
    }) satisfies SendMail,
    close: () => transport.close(),
  };
}
