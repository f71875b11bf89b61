import { formatRupees } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HIDDEN_AMOUNT } from '../lib/assets.ts';

/**
 * Funds on hold are explained: the amount and the reason the admin gave (INTEGRITY §3).
 * Nothing is shown when nothing is held.
 */
export function HoldNotice({
  amount,
  reason,
  hidden = false,
}: {
  amount: number;
  reason: string | null;
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (!(amount > 0)) return null;
  return (
    <section className="wl-hold" aria-labelledby={id} data-testid="hold-notice">
      <h2 id={id} className="wl-hold-title">
        {t('wallet.overview.holdTitle')}
      </h2>
      <p>{t('wallet.overview.holdText', { amount: hidden ? HIDDEN_AMOUNT : formatRupees(amount) })}</p>
      <p className="wl-hold-reason">
        {reason?.trim() ? t('wallet.overview.holdReason', { reason }) : t('wallet.overview.holdNoReason')}
      </p>
    </section>
  );
}
