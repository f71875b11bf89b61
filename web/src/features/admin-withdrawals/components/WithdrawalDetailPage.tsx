import { formatRupees, MSG, type WithdrawalDecision } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { useMessage } from '../../../i18n/index.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { withdrawalKeys } from '../../../lib/query/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDecideWithdrawal } from '../api/decide-withdrawal.ts';
import { useWithdrawal } from '../api/get-withdrawal.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { errorText } from './error-text.ts';
import { LedgerEntryCard } from './LedgerEntryCard.tsx';
import { WithdrawalInfo } from './WithdrawalInfo.tsx';

/** One withdrawal: its data, the user's bank details, history and ledger entries, and the decision. */
export function WithdrawalDetailPage() {
  const { t } = useTranslation();
  const translate = useMessage();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();

  const client = useQueryClient();
  // Another admin may decide it meanwhile: `admin:badges` follows every decision and refetches it.
  const { data, error, isPending: loading } = useWithdrawal(id);
  const withdrawal = data?.withdrawal.id.toLowerCase() === id.toLowerCase() ? data.withdrawal : undefined;

  const decide = useDecideWithdrawal();
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const onDecide = async (decision: WithdrawalDecision) => {
    if (saving.current || !withdrawal) return;
    saving.current = true;
    setBusy(true);
    setActionError(null);
    try {
      const res = await decide.mutateAsync({ id: withdrawal.id, decision });
      // The decision's answer is the newest state.
      client.setQueryData(withdrawalKeys.detail(id), { withdrawal: res.withdrawal });
      showToast(
        res.message || (decision.status === 'approved' ? MSG.withdrawalApproved : MSG.withdrawalRejected),
      );
    } catch (err) {
      setActionError(errorText(err));
      // A 409 means it was decided elsewhere: show what it is now.
      void client.invalidateQueries({ queryKey: withdrawalKeys.detail(id) });
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  const back = () => {
    // Back to the list as it was (its filters are in the URL); a direct visit goes to the list.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/app-panel/withdrawals');
  };

  let body: ReactNode;
  if (!withdrawal && loading) {
    body = <p className="muted">{t('common.loading')}</p>;
  } else if (!withdrawal) {
    body = (
      <>
        {error !== null && (
          <div className="notice notice-error" role="alert">
            <p>{translate(WEB_MSG.withdrawalLoadFailed)}</p>
            <p>{translate(errorText(error))}</p>
          </div>
        )}
        <EmptyState>
          <p>{t('adminWallet.detail.notFound')}</p>
        </EmptyState>
      </>
    );
  } else {
    const amount = formatRupees(withdrawal.amount);
    body = (
      <div className="stack">
        <WithdrawalInfo withdrawal={withdrawal} />
        {withdrawal.status === 'pending' && (
          <DecisionForm amount={withdrawal.amount} saving={busy} error={actionError} onDecide={onDecide} />
        )}
        {withdrawal.status !== 'pending' && <Notice text={actionError} />}
        {withdrawal.status !== 'pending' && (
          <div className="grid grid-2 align-start">
            <LedgerEntryCard
              testId="ledger-entry"
              title={t('adminWallet.detail.ledgerEntry')}
              intro={t('adminWallet.detail.ledgerIntro', { amount })}
              missing={t('adminWallet.detail.noLedgerEntry')}
              entry={withdrawal.ledgerEntry}
            />
            {withdrawal.status === 'rejected' && (
              <LedgerEntryCard
                testId="return-entry"
                title={t('adminWallet.detail.returnEntry')}
                intro={t('adminWallet.detail.returnIntro', { amount })}
                missing={t('adminWallet.detail.noReturnEntry')}
                entry={withdrawal.returnEntry}
              />
            )}
          </div>
        )}
      </div>
    );
  }

  return (
    <Page
      title={t('admin.nav.withdrawalDetail')}
      actions={
        <button type="button" className="btn btn-ghost btn-sm" onClick={back}>
          {t('adminWallet.detail.back')}
        </button>
      }
    >
      {body}
    </Page>
  );
}
