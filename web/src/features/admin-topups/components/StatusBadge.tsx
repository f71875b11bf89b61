import type { WalletRequestStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';

const TONE: Record<WalletRequestStatus, string> = {
  pending: 'badge-amber',
  approved: 'badge-green',
  rejected: 'badge-red',
};

export function StatusBadge({ status }: { status: WalletRequestStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${TONE[status]}`} data-status={status}>
      {t(`adminWallet.status.${status}`)}
    </span>
  );
}
