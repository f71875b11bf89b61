import type { WalletRequestStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { StatusWords } from '../lib/status-filter.ts';

const TONE: Record<WalletRequestStatus, string> = {
  pending: 'badge-amber',
  approved: 'badge-green',
  rejected: 'badge-red',
};

/** A top-up's or withdrawal's status as a word (tests and screen readers read the word, not the colour). */
export function StatusBadge({ status, words }: { status: WalletRequestStatus; words: StatusWords }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${TONE[status]}`} data-status={status}>
      {t(`${words}.status.${status}`)}
    </span>
  );
}
