import type { TicketStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';

/** A status as the spec shows it: underscores as spaces, in the reader's language. */
export function useStatusLabel(): (status: TicketStatus) => string {
  const { t } = useTranslation();
  return (status) => t(`tickets.statuses.${status}`);
}
