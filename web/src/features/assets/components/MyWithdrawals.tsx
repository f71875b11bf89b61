import { formatRupees, type Withdrawal } from '@app/shared';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { formatTimestamp } from '../../../components/TradeReceipt.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useMyWithdrawals } from '../api/get-my-withdrawals.ts';
import { patchPage, type StatusFilter } from '../lib/status.ts';
import { pagesOf } from '../lib/use-paged.ts';
import { StatusBadge, StatusFilterSelect } from './StatusControls.tsx';

const when = (iso: string) => formatTimestamp(iso).slice(0, 19);

/** Requested, then approved or rejected: each step with its time and the admin's remarks. */
function History({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
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
            <time dateTime={step.at}>{when(step.at)}</time> <StatusBadge status={step.status} />
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
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const reconnects = useConnection((s) => s.reconnects);
  const list = useMyWithdrawals(page, status, `${userId}:${sent}:${reconnects}`);
  const { reload, update } = list;
  const shown = useRef<{ items: Withdrawal[]; status: StatusFilter }>({ items: [], status });
  shown.current = { items: list.data?.items ?? [], status };

  useEffect(() => {
    if (sent > 0) setPage(1);
  }, [sent]);

  useEffect(
    () =>
      realtime.on('withdrawal:updated', ({ withdrawal }) => {
        const patched = patchPage(shown.current.items, withdrawal, shown.current.status);
        if (patched) update(() => patched);
        else reload();
      }),
    [reload, update],
  );

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
    <section className="section" aria-labelledby="my-withdrawals-title">
      <header className="section-head wl-list-head">
        <h2 id="my-withdrawals-title">{t('wallet.withdraw.list')}</h2>
        <StatusFilterSelect
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </header>
      {list.error !== null && <Notice text={WEB_MSG.withdrawalsLoadFailed} />}
      <div className="table-wrap" data-testid="my-withdrawals">
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
                  {list.loading && !list.data
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
                        <StatusBadge status={w.status} />
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
      </div>
      {list.data && <Pager page={page} pages={pagesOf(list.data.pagination)} onPage={setPage} />}
    </section>
  );
}
