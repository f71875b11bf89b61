import { formatRupees, type WalletTransactionView } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Details } from './Details.tsx';

interface Props {
  title: string;
  intro: string;
  missing: string;
  entry: WalletTransactionView | null;
  testId: string;
}

/** One ledger movement of the withdrawal: the debit made at request, or the return of a rejection. */
export function LedgerEntryCard({ title, intro, missing, entry, testId }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <article className="card" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 className="card-label" id={`${testId}-title`}>
        {title}
      </h2>
      {entry ? (
        <>
          <p className="muted small">{intro}</p>
          <Details
            rows={[
              [t('adminWallet.detail.entryId'), <code key="id">{entry.id}</code>],
              [t('adminWallet.detail.type'), <code key="type">{entry.type}</code>],
              [
                t('adminWallet.detail.direction'),
                <span key="dir" className={entry.direction === 'credit' ? 'up' : 'down'}>
                  {t(`adminWallet.detail.${entry.direction}`)}
                </span>,
              ],
              [t('adminWallet.detail.entryAmount'), formatRupees(entry.amount)],
              [t('adminWallet.detail.balanceAfter'), formatRupees(entry.balanceAfter)],
              [t('adminWallet.detail.time'), new Date(entry.createdAt).toLocaleString(i18n.language)],
              [t('adminWallet.detail.reference'), entry.reference],
              [t('adminWallet.detail.entryRemarks'), entry.remarks],
            ]}
          />
        </>
      ) : (
        <p className="muted">{missing}</p>
      )}
    </article>
  );
}
