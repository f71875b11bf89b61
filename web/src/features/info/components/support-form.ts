import { EMAIL_PATTERN } from '@app/shared';
import { WEB_MSG } from '../../../lib/messages.ts';

export interface SupportInput {
  subject: string;
  email: string;
  message: string;
}

/** The contact form's rules in the spec's order; null when the form may be sent. */
export function supportFormError(input: SupportInput, signedIn: boolean): string | null {
  if (input.subject.trim().length < 3) return WEB_MSG.supportSubject;
  if (!EMAIL_PATTERN.test(input.email.trim())) return WEB_MSG.supportEmail;
  if (input.message.trim().length < 10) return WEB_MSG.supportMessage;
  if (!signedIn) return WEB_MSG.supportLogin;
  return null;
}

/** The contact address travels inside the message text. */
export function ticketMessage(input: SupportInput): string {
  return `${input.message.trim()}\n\nContact email: ${input.email.trim()}`;
}
