import { type BankDetails, formatRupees, type WithdrawalDetail } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { Details } from './Details.tsx';

const BANK_FIELDS = ['accountHolderName', 'bankAccountNumber', 'bankName', 'ifscCode'] as const;

function sameBank(a: BankDetails, b: BankDetails): boolean {
  return BANK_FIELDS.every((f) => (a[f] ?? '').trim() === (b[f] ?? '').trim());
}

/** When the request was approved or rejected, from its history. */
function decidedAt(w: WithdrawalDetail): string | null {
  if (w.status === 'pending') return null;
  const entry = [...w.history].reverse().find((h) => h.status === w.status);
  return entry?.at ?? w.updatedAt;
}

function BankCard({ title, bank, testId }: { title: string; bank: BankDetails; testId: string }) {
  const { t } = useTranslation();
  return (
    <article className="card">
      <h2 className="card-label">{title}</h2>
      <Details
        testId={testId}
        rows={[
          [t('adminWallet.detail.holder'), bank.accountHolderName],
          [t('adminWallet.detail.accountNumber'), bank.bankAccountNumber],
          [t('adminWallet.detail.bankName'), bank.bankName],
          [t('adminWallet.detail.ifsc'), bank.ifscCode],
        ]}
      />
    </article>
  );
}

/** Transaction data, the user and their bank details, the status history and the admin's remarks. */
export function WithdrawalInfo({ withdrawal: w }: { withdrawal: WithdrawalDetail }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : null);
  const name = `${w.user.firstName} ${w.user.lastName}`.trim();
  return (
    <>
      <div className="grid grid-2 align-start">
        <article className="card">
          <h2 className="card-label">{t('adminWallet.detail.transaction')}</h2>
          <Details
            testId="withdrawal-transaction"
            rows={[
              [t('adminWallet.detail.trx'), <code key="trx">{w.trxNumber}</code>],
              [t('adminWallet.detail.amount'), formatRupees(w.amount)],
              [t('adminWallet.detail.charge'), formatRupees(w.charge)],
              [t('adminWallet.detail.rate'), w.rate.toLocaleString('en-IN', { maximumFractionDigits: 4 })],
              [t('adminWallet.detail.method'), t(`adminWallet.method.${w.method}`)],
              [
                t('adminWallet.detail.status'),
                <StatusBadge key="status" status={w.status} words="adminWallet" />,
              ],
              [t('adminWallet.detail.requested'), time(w.createdAt)],
              [t('adminWallet.detail.decided'), time(decidedAt(w))],
            ]}
          />
        </article>
        <article className="card">
          <h2 className="card-label">{t('adminWallet.detail.user')}</h2>
          <Details
            rows={[
              [t('adminWallet.detail.name'), name],
              [t('adminWallet.detail.username'), w.user.username],
              [t('adminWallet.detail.email'), w.user.email],
            ]}
          />
        </article>
      </div>
      <div className="grid grid-2 align-start">
        <BankCard title={t('adminWallet.detail.requestBank')} bank={w.bank} testId="request-bank" />
        <BankCard title={t('adminWallet.detail.userBank')} bank={w.userBank} testId="user-bank" />
      </div>
      {!sameBank(w.bank, w.userBank) && (
        <p className="notice notice-info">{t('adminWallet.detail.bankChanged')}</p>
      )}
      <div className="grid grid-2 align-start">
        <article className="card">
          <h2 className="card-label">{t('adminWallet.detail.history')}</h2>
          <ol className="status-history" data-testid="withdrawal-history">
            {w.history.map((h) => (
              <li key={`${h.status}-${h.at}`}>
                <strong>{t(`adminWallet.detail.historyStatus.${h.status}`)}</strong>{' '}
                <span className="muted small">{time(h.at)}</span>
                {h.remarks && <div className="small">{h.remarks}</div>}
              </li>
            ))}
          </ol>
        </article>
        <article className="card">
          <h2 className="card-label">{t('adminWallet.detail.remarksTitle')}</h2>
          <p className={w.remarks ? '' : 'muted'} data-testid="withdrawal-remarks">
            {w.remarks || t('adminWallet.detail.noRemarks')}
          </p>
        </article>
      </div>
    </>
  );
}
