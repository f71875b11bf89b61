import type { NotificationType } from '@app/shared';

/**
 * The spec's four quick templates (admin-side §2). Three fill the form; "credit added" opens
 * the user's Add Balance dialog instead: a credit is told by the balance adjustment that makes
 * it (INTEGRITY), never by a hand-written notice.
 */
export const TEMPLATES = ['withdrawalApproved', 'withdrawalRejected', 'creditAdded', 'ticketReply'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

/** The notification type each form-filling template sets. */
export const TEMPLATE_TYPES: Record<Exclude<TemplateName, 'creditAdded'>, NotificationType> = {
  withdrawalApproved: 'withdrawal',
  withdrawalRejected: 'withdrawal',
  ticketReply: 'ticket_reply',
};

/** The users screen with the user's detail and its Add Balance form open. */
export const addBalancePath = (userId: string) =>
  `/app-panel/users?user=${encodeURIComponent(userId)}&action=credit`;
