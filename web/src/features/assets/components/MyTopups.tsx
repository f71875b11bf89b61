import { formatRupees, type Topup } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { formatTimestamp } from '../../../components/TradeReceipt.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useMyTopups } from '../api/get-my-topups.ts';
import { patchPage, type StatusFilter } from '../lib/status.ts';
import { pagesOf } from '../lib/use-paged.ts';
import { StatusBadge, StatusFilterSelect } from './StatusControls.tsx';
import { VoucherThumb } from './VoucherThumb.tsx';

/**
 * My Top-ups, 5 per page with a status filter. A decision (or a new request from another tab)
 * arrives live as `topup:updated`; `sent` counts this tab's own submissions.
 */
export function MyTopups({ userId, sent }: { userId: string; sent: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const reconnects = useConnection((s) => s.reconnects);
  const list = useMyTopups(page, status, `${userId}:${sent}:${reconnects}`);
  const { reload, update } = list;
  const shown = useRef<{ items: Topup[]; status: StatusFilter }>({ items: [], status });
  shown.current = { items: list.data?.items ?? [], status };

  // A new request of mine goes on top of the first page.
  useEffect(() => {
    if (sent > 0) setPage(1);
  }, [sent]);

  useEffect(
    () =>
      realtime.on('topup:updated', ({ topup }) => {
        const patched = patchPage(shown.current.items, topup, shown.current.status);
        if (patched) update(() => patched);
        else reload();
      }),
    [reload, update],
  );

  const columns: Array<Column<Topup>> = [
    {
      key: 'date',
      header: t('wallet.topup.date'),
      cell: (row) => formatTimestamp(row.createdAt).slice(0, 19),
    },
    {
      key: 'amount',
      header: t('wallet.topup.amountCol'),
      className: 'num',
      cell: (row) => formatRupees(row.amount),
    },
    { key: 'status', header: t('wallet.topup.status'), cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'remarks',
      header: t('wallet.topup.remarks'),
      className: 'wl-wrap',
      cell: (row) => row.remarks || <span className="muted">—</span>,
    },
    {
      key: 'voucher',
      header: t('wallet.topup.image'),
      cell: (row) => <VoucherThumb url={row.voucherUrl} amount={formatRupees(row.amount)} />,
    },
  ];

  return (
    <section className="section" aria-labelledby="my-topups-title">
      <header className="section-head wl-list-head">
        <h2 id="my-topups-title">{t('wallet.topup.list')}</h2>
        <StatusFilterSelect
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </header>
      {list.error !== null && <Notice text={WEB_MSG.topupsLoadFailed} />}
      <div data-testid="my-topups">
        <DataTable
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(row) => row.id}
          empty={status === 'all' ? t('common.noData') : t('common.dataNotFound')}
          loading={list.loading && !list.data}
          loadingText={t('common.loading')}
        />
      </div>
      {list.data && <Pager page={page} pages={pagesOf(list.data.pagination)} onPage={setPage} />}
    </section>
  );
}
