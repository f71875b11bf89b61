import { type AccountLockedMailJobData, PLATFORM_TIMEZONE, USERNAME_PATTERN } from '@app/shared';
import type { MailMessage } from './transport.ts';

/** Escapes what goes into the HTML part (a greeting may hold the account's own text). */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The account a mail is for, as far as a mail may speak of it. */
export type Addressee = { email: string; username: string; firstName: string; emailVerified: boolean };

/**
 * The one greeting every account mail opens with. Anyone can give any address at sign-up (and
 * an admin can change an account's address), so until the address is verified a mail there may
 * reach a stranger: it carries nothing the account holder wrote except, at most, the username,
 * and only one of the sign-up pattern (letters, digits, underscore: no dot, so no link or domain
 * name). A verified address is the holder's own, and the mail greets them by first name.
 */
export function greeting(to: Addressee): string {
  if (to.emailVerified) return `Hello ${to.firstName},`;
  return USERNAME_PATTERN.test(to.username) ? `Hello ${to.username},` : 'Hello,';
}

/**
 * An account mail: plain text and simple HTML with the same link. The greeting is always
 * `greeting(to)`, so no template can put other account text in front of an unverified address.
 */
export function accountMail(
  to: Addressee,
  subject: string,
  lines: { body: string; link?: { action: string; href: string }; footer: string },
): MailMessage {
  const hello = greeting(to);
  const { link } = lines;
  return {
    to: to.email,
    subject,
    text: `${[hello, lines.body, ...(link ? [link.href] : []), lines.footer].join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${html(hello)}</p>
<p>${html(lines.body)}</p>
${link ? `<p><a href="${html(link.href)}">${html(link.action)}</a></p>\n` : ''}<p style="color:#666;font-size:13px">${html(lines.footer)}</p>
</body></html>`,
  };
}

/** The reset email. */
export function passwordResetMail(to: Addressee, link: string): MailMessage {
  return accountMail(to, 'Reset your CoinPulse password', {
    body: 'Someone asked to reset the password of your CoinPulse account. Open this link within 30 minutes to choose a new one; it works once.',
    link: { action: 'Choose a new password', href: link },
    footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
  });
}

/** The verification email for the account's current address. */
export function verificationMail(to: Addressee, link: string): MailMessage {
  return accountMail(to, 'Confirm your CoinPulse email address', {
    body: 'Please confirm that this is your email address by opening this link within 24 hours.',
    link: { action: 'Confirm my email address', href: link },
    footer: 'If you did not create a CoinPulse account, ignore this email.',
  });
}

const lockEnd = new Intl.DateTimeFormat('en-GB', {
  timeZone: PLATFORM_TIMEZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The owner's notice that sign-in to their account is locked (too many wrong passwords or codes). */
export function accountLockedMail(
  to: Addressee,
  lock: Pick<AccountLockedMailJobData, 'lane' | 'lockedUntil'>,
): MailMessage {
  const until = `${lockEnd.format(new Date(lock.lockedUntil))} IST`;
  const body =
    lock.lane === 'known'
      ? `Too many wrong passwords or codes were tried on your CoinPulse account from the address you last signed in from, so sign-in from there is refused until ${until}.`
      : `Too many wrong passwords or codes were tried on your CoinPulse account from addresses you have not signed in from, so sign-in from them is refused until ${until}. You can still sign in from the address you last signed in from.`;
  return accountMail(to, 'Sign-in to your CoinPulse account is locked', {
    body,
    footer:
      'If this was not you, someone may be guessing your password: once signed in, choose a new one and turn on two-factor sign-in. You can also reset your password from the sign-in page.',
  });
}
