import type { MailMessage } from './transport.ts';

/** Escapes what goes into the HTML part (names are the user's own text). */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(
  to: string,
  subject: string,
  lines: { greeting: string; body: string; action: string; link: string; footer: string },
): MailMessage {
  return {
    to,
    subject,
    text: `${lines.greeting}\n\n${lines.body}\n\n${lines.link}\n\n${lines.footer}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${html(lines.greeting)}</p>
<p>${html(lines.body)}</p>
<p><a href="${html(lines.link)}">${html(lines.action)}</a></p>
<p style="color:#666;font-size:13px">${html(lines.footer)}</p>
</body></html>`,
  };
}

/** The reset email: plain text and simple HTML with the same link. */
export function passwordResetMail(to: { email: string; firstName: string }, link: string): MailMessage {
  return compose(to.email, 'Reset your CoinPulse password', {
    greeting: `Hello ${to.firstName},`,
    body: 'Someone asked to reset the password of your CoinPulse account. Open this link within 30 minutes to choose a new one; it works once.',
    action: 'Choose a new password',
    link,
    footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
  });
}

/** The verification email for the account's current address. */
export function verificationMail(to: { email: string; firstName: string }, link: string): MailMessage {
  return compose(to.email, 'Confirm your CoinPulse email address', {
    greeting: `Hello ${to.firstName},`,
    body: 'Please confirm that this is your email address by opening this link within 24 hours.',
    action: 'Confirm my email address',
    link,
    footer: 'If you did not create a CoinPulse account, ignore this email.',
  });
}
