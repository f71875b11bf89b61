import { formatRupees, type Topup } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { VoucherThumb } from '../../../components/VoucherThumb.tsx';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { topupKeys } from '../../../lib/query/index.ts';
import { useMyTopups } from '../api/get-my-topups.ts';
import { useMyRequests } from '../lib/use-my-requests.ts';
import { MyRequestsSection } from './MyRequestsSection.tsx';

function Voucher({ topup }: { topup: Topup }) {
  const { t } = useTranslation();
  const amount = formatRupees(topup.amount);
  return (
    <VoucherThumb
      compact
      url={topup.voucherUrl}
      label={t('wallet.topup.open', { amount })}
      title={t('wallet.topup.imageTitle', { amount })}
      alt={t('wallet.topup.alt', { amount })}
      failed={WEB_MSG.voucherLoadFailed}
    />
  );
}

/**
 * My Top-ups, 5 per page with a status filter. A decision (or a new request from another tab)
 * arrives live as `topup:updated`; `sent` counts this tab's own submissions.
 */
export function MyTopups({ userId, sent }: { userId: string; sent: number }) {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const requests = useMyRequests({ useList: useMyTopups, lists: topupKeys.mineLists(), userId, sent });
  const { status, list } = requests;

  const columns: Array<Column<Topup>> = [
    {
      key: 'date',
      header: t('wallet.topup.date'),
      cell: (row) => dateTime(row.createdAt),
    },
    {
      key: 'amount',
      header: t('wallet.topup.amountCol'),
      className: 'num',
      cell: (row) => formatRupees(row.amount),
    },
    {
      key: 'status',
      header: t('wallet.topup.status'),
      cell: (row) => <StatusBadge status={row.status} words="wallet" />,
    },
    {
      key: 'remarks',
      header: t('wallet.topup.remarks'),
      className: 'wl-wrap',
      cell: (row) => row.remarks || <span className="muted">—</span>,
    },
    { key: 'voucher', header: t('wallet.topup.image'), cell: (row) => <Voucher topup={row} /> },
  ];

  return (
    <MyRequestsSection
      titleId="my-topups-title"
      title={t('wallet.topup.list')}
      failed={WEB_MSG.topupsLoadFailed}
      requests={requests}
    >
      <div data-testid="my-topups">
        <DataTable
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(row) => row.id}
          empty={status === 'all' ? t('common.noData') : t('common.dataNotFound')}
          loading={list.isPending}
          loadingText={t('common.loading')}
        />
      </div>
    </MyRequestsSection>
  );
}
