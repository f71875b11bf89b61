import { formatINR, PRACTICE_OPENING_BALANCE_RUPEES } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { useResetPractice } from '../api/reset-practice.ts';

/** The practice balance and its reset to the opening Rs 1,00,000. */
export function PracticeBalance() {
  const { t } = useTranslation();
  const practice = useSession((s) => s.user?.practiceBalance ?? null);
  const { mutateAsync: reset_, isPending: pending } = useResetPractice();
  const [error, setError] = useState<string | null>(null);

  const reset = async () => {
    setError(null);
    try {
      await reset_();
      showToast(t('account.practiceResetDone', { amount: formatINR(PRACTICE_OPENING_BALANCE_RUPEES) }));
    } catch (err) {
      setError(serverMessageOr(err, t('account.practiceResetFailed')));
    }
  };

  return (
    <div className="practice-balance" data-testid="practice-balance-card">
      <p className="muted small">{t('account.practiceBalance')}</p>
      <p className="practice-balance-value">
        <strong data-testid="practice-balance">{practice === null ? '—' : `₹${formatINR(practice)}`}</strong>{' '}
        <span className="badge badge-practice">{t('accountMode.practice')}</span>
      </p>
      <button type="button" className="btn btn-ghost btn-sm" disabled={pending} onClick={() => void reset()}>
        {pending ? t('account.practiceResetting') : t('account.practiceReset')}
      </button>
      <Notice text={error} />
    </div>
  );
}
