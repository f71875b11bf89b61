import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailDev } from 'maildev';

/** One email as the catcher's REST API answers it (`GET /api/email`). */
export type CaughtMail = {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
};

export type MailCatcher = {
  /** Where the platform sends (SMTP_URL). */
  smtpUrl: string;
  /** The web inbox, and its REST API under /api/email. */
  inboxUrl: string;
  smtpPort: number;
  webPort: number;
  /** Every email received so far to `address` (case-insensitive), oldest first. */
  mailsTo(address: string): Promise<CaughtMail[]>;
  stop(): Promise<void>;
};

/**
 * A local mail catcher (maildev from npm): an SMTP server that keeps every email and a web
 * inbox that shows them; nothing is relayed anywhere. Ports 0 pick free ones. Its emails live
 * in a directory of its own, removed on stop.
 */
export async function startMailCatcher(
  opts: { smtpPort?: number; webPort?: number; host?: string } = {},
): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const mailDirectory = mkdtempSync(join(tmpdir(), 'maildev-'));
  const maildev = new MailDev({
    smtp: opts.smtpPort ?? 0,
    web: opts.webPort ?? 0,
    ip: host,
    webIp: host,
    basePathname: '/',
    mailDirectory,
    silent: true,
  });
  // maildev prints its API address on start, silent or not; the launcher prints its own line.
  const info = console.info;
  console.info = () => {};
  let servers: Awaited<ReturnType<MailDev['start']>>;
  try {
    servers = await maildev.start();
  } catch (err) {
    // One of the two ports was taken: the other server may be listening already, and maildev's
    // stop() only stops a catcher that started.
    const parts = (
      maildev as unknown as {
        orchestrator: Record<string, { stop?: () => Promise<void>; close?: () => Promise<void> } | null>;
      }
    ).orchestrator;
    await parts.api?.stop?.().catch(() => {});
    await parts.smtp?.stop?.().catch(() => {});
    await parts.storage?.close?.().catch(() => {});
    rmSync(mailDirectory, { recursive: true, force: true });
    throw err;
  } finally {
    console.info = info;
  }
  // The bound ports are not in maildev's types: read them from its servers.
  const smtp = servers.smtp as unknown as { smtp: { server: { address(): { port: number } } } };
  const api = servers.api as unknown as { boundAddress: { port: number } };
  const smtpPort = smtp.smtp.server.address().port;
  const webPort = api.boundAddress.port;
  const inboxUrl = `http://${host}:${webPort}`;
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl,
    smtpPort,
    webPort,
    mailsTo: (address) => inboxMailsTo(inboxUrl, address),
    async stop() {
      await maildev.stop();
      rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}

/** Every email the catcher at `inboxUrl` received to `address` (case-insensitive), oldest first. */
export async function inboxMailsTo(inboxUrl: string, address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inboxUrl}/api/email`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  const all = (await response.json()) as CaughtMail[];
  const wanted = address.toLowerCase();
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === wanted));
}

/** The link of a mail's text that starts with `prefix` (e.g. `http://…/reset-password`). */
export function linkIn(mail: Pick<CaughtMail, 'text'>, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail.text.match(new RegExp(`${escaped}\\S*`));
  if (!match) throw new Error(`no link starting with ${prefix} in the email`);
  return match[0];
}

/** The `token` parameter of a mailed link. */
export const tokenOf = (link: string): string => {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error('the link has no token');
  return token;
};
