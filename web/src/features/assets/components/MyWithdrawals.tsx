import { formatRupees, type Withdrawal } from '@app/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/DataTable.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { withdrawalKeys } from '../../../lib/query/index.ts';
import { useMyWithdrawals } from '../api/get-my-withdrawals.ts';
import { useMyRequests } from '../lib/use-my-requests.ts';
import { MyRequestsSection } from './MyRequestsSection.tsx';

/** Requested, then approved or rejected: each step with its time and the admin's remarks. */
function History({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const { dateTime: when } = useLocaleFormat();
  return (
    <div className="wl-history">
      <h3 className="wl-history-title">{t('wallet.withdraw.historyTitle')}</h3>
      {withdrawal.bank.bankName && withdrawal.bank.bankAccountNumber && (
        <p className="muted small">
          {t('wallet.withdraw.account', {
            bank: withdrawal.bank.bankName,
            last4: withdrawal.bank.bankAccountNumber.slice(-4),
          })}
        </p>
      )}
      <ol className="wl-history-list">
        {withdrawal.history.map((step, i) => (
          <li key={`${step.status}-${step.at}-${i}`}>
            <time dateTime={step.at}>{when(step.at)}</time>{' '}
            <StatusBadge status={step.status} words="wallet" />
            {step.remarks && (
              <span className="wl-history-remarks">
                {t('wallet.withdraw.remarks', { remarks: step.remarks })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * My Withdrawals, 5 per page with a status filter; each row opens its status history.
 * Decisions arrive live as `withdrawal:updated`.
 */
export function MyWithdrawals({ userId, sent }: { userId: string; sent: number }) {
  const { t } = useTranslation();
  const { dateTime: when } = useLocaleFormat();
  const requests = useMyRequests({
    useList: useMyWithdrawals,
    lists: withdrawalKeys.mineLists(),
    userId,
    sent,
  });
  const { status, list } = requests;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const items = list.data?.items ?? [];
  const columns = 5;
  return (
    <MyRequestsSection
      titleId="my-withdrawals-title"
      title={t('wallet.withdraw.list')}
      failed={WEB_MSG.withdrawalsLoadFailed}
      requests={requests}
    >
      <TableScroll label={t('wallet.withdraw.list')} testId="my-withdrawals">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('wallet.withdraw.trx')}</th>
              <th scope="col" className="num">
                {t('wallet.withdraw.amountCol')}
              </th>
              <th scope="col">{t('wallet.withdraw.status')}</th>
              <th scope="col">{t('wallet.withdraw.date')}</th>
              <th scope="col">{t('wallet.withdraw.history')}</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={columns} className="table-empty">
                  {list.isPending
                    ? t('common.loading')
                    : status === 'all'
                      ? t('common.noData')
                      : t('common.dataNotFound')}
                </td>
              </tr>
            ) : (
              items.map((w) => {
                const expanded = open.has(w.id);
                const panelId = `withdrawal-history-${w.id}`;
                return (
                  <Fragment key={w.id}>
                    <tr>
                      <td data-label={t('wallet.withdraw.trx')} className="wl-mono">
                        {w.trxNumber}
                      </td>
                      <td data-label={t('wallet.withdraw.amountCol')} className="num">
                        {formatRupees(w.amount)}
                      </td>
                      <td data-label={t('wallet.withdraw.status')}>
                        <StatusBadge status={w.status} words="wallet" />
                      </td>
                      <td data-label={t('wallet.withdraw.date')}>{when(w.createdAt)}</td>
                      <td data-label={t('wallet.withdraw.history')}>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-expanded={expanded}
                          aria-controls={panelId}
                          aria-label={
                            expanded
                              ? t('wallet.withdraw.hideHistory', { trx: w.trxNumber })
                              : t('wallet.withdraw.showHistory', { trx: w.trxNumber })
                          }
                          onClick={() => toggle(w.id)}
                        >
                          {t('wallet.withdraw.history')}{' '}
                          <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
                        </button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr className="wl-history-row" id={panelId}>
                        <td colSpan={columns}>
                          <History withdrawal={w} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </TableScroll>
    </MyRequestsSection>
  );
}
