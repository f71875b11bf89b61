import type { WalletRequestStatus } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isStatusFilter, STATUS_FILTERS, type StatusFilter } from '../lib/status.ts';

const TONE: Record<WalletRequestStatus, string> = {
  pending: 'wl-status-pending',
  approved: 'wl-status-approved',
  rejected: 'wl-status-rejected',
};

/** A request's status as a word (tests and screen readers read the text, not the colour). */
export function StatusBadge({ status }: { status: WalletRequestStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge wl-status ${TONE[status]}`} data-status={status}>
      {t(`wallet.status.${status}`)}
    </span>
  );
}

/** All, Pending, Approved, Rejected. */
export function StatusFilterSelect({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{t('wallet.status.filter')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isStatusFilter(event.target.value)) onChange(event.target.value);
        }}
      >
        {STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {t(`wallet.status.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
