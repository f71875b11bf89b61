import { formatINR, MSG, type Trade } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PracticeBadge } from '../../../components/AccountModeSwitch.tsx';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { OutcomeBadge, ProfitText } from '../../../components/TradeResult.tsx';
import { type AccountMode, useAccountMode } from '../../../lib/account-mode.ts';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { useIsNarrow } from '../../../lib/media.ts';
import { pageCount } from '../../../lib/order-lists.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useTrades } from '../api/get-trades.ts';
import '../orders.css';
import { OrderCards } from './OrderCards.tsx';
import { OrderReceiptModal } from './OrderReceiptModal.tsx';
import { RunningStatus } from './RunningStatus.tsx';

export const ORDERS_PAGE_SIZE = 10;

function GuestPanel() {
  const { t } = useTranslation();
  return (
    <Page title={t('orders.title')}>
      <div className="card welcome-panel">
        <h2>{t('orders.guestTitle')}</h2>
        <p className="muted">{t('orders.guestText')}</p>
        <div className="row">
          <Link to="/login" className="btn btn-ghost">
            {t('orders.login')}
          </Link>
          <Link to="/register" className="btn btn-primary">
            {t('orders.register')}
          </Link>
        </div>
      </div>
    </Page>
  );
}

function Orders({ mode, receiptId }: { mode: AccountMode; receiptId: string | undefined }) {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const navigate = useNavigate();
  // A phone gets cards that fit its width; wider screens the spec's tables.
  const narrow = useIsNarrow();
  const [runningPage, setRunningPage] = useState(1);
  const [closedPage, setClosedPage] = useState(1);
  const running = useTrades({ status: 'running', account: mode, page: runningPage, limit: ORDERS_PAGE_SIZE });
  const closed = useTrades({ status: 'completed', account: mode, page: closedPage, limit: ORDERS_PAGE_SIZE });

  const sn = (page: number): Column<Trade> => ({
    key: 'sn',
    header: t('orders.sn'),
    cell: (_row, i) => (page - 1) * ORDERS_PAGE_SIZE + i + 1,
  });
  const base: Array<Column<Trade>> = [
    { key: 'crypto', header: t('orders.crypto'), cell: (row) => row.pair },
    { key: 'amount', header: t('orders.amount'), cell: (row) => `₹${formatINR(row.amount)}` },
    {
      key: 'direction',
      header: t('orders.direction'),
      cell: (row) => (
        <span className={row.direction === 'up' ? 'up' : 'down'}>{t(`tradeInfo.${row.direction}`)}</span>
      ),
    },
  ];
  const date: Column<Trade> = {
    key: 'date',
    header: t('orders.date'),
    cell: (row) => dateTime(row.createdAt),
  };
  const runningColumns: Array<Column<Trade>> = [
    sn(runningPage),
    ...base,
    { key: 'result', header: t('orders.result'), cell: () => <span className="muted">—</span> },
    { key: 'status', header: t('orders.status'), cell: (row) => <RunningStatus trade={row} /> },
    date,
  ];
  const closedColumns: Array<Column<Trade>> = [
    sn(closedPage),
    ...base,
    { key: 'result', header: t('orders.result'), cell: (row) => <OutcomeBadge trade={row} /> },
    { key: 'status', header: t('orders.status'), cell: () => t('orders.statusCompleted') },
    date,
    {
      key: 'pl',
      header: t('orders.profitLoss'),
      cell: (row) => <ProfitText trade={row} />,
      className: 'num',
    },
    {
      key: 'receipt',
      header: t('orders.receipt'),
      cell: (row) => (
        <Link to={`/orders/${row.id}`} className="btn btn-ghost btn-sm" data-testid="receipt-link">
          {t('orders.viewReceipt')}
        </Link>
      ),
    },
  ];

  const failed = !!running.error || !!closed.error;
  const known = receiptId
    ? [...(closed.data?.items ?? []), ...(running.data?.items ?? [])].find((x) => x.id === receiptId)
    : undefined;

  return (
    <Page title={t('orders.title')} actions={<PracticeBadge />}>
      <p className="muted small">{mode === 'practice' ? t('orders.practiceNote') : t('orders.realNote')}</p>
      {failed && <Notice text={MSG.ordersLoadFailed} />}
      <section className="section" data-testid="running-orders">
        <h2>{t('orders.running')}</h2>
        {narrow ? (
          <OrderCards
            trades={running.data?.items ?? []}
            running
            label={t('orders.running')}
            empty={running.isPending ? t('common.loading') : t('common.dataNotFound')}
          />
        ) : (
          <DataTable
            columns={runningColumns}
            rows={running.data?.items ?? []}
            rowKey={(row) => row.id}
            empty={t('common.dataNotFound')}
            loading={running.isPending}
            loadingText={t('common.loading')}
          />
        )}
        {running.data && <Pager page={runningPage} pages={pageCount(running.data)} onPage={setRunningPage} />}
      </section>
      <section className="section" data-testid="closed-orders">
        <h2>{t('orders.closed')}</h2>
        {narrow ? (
          <OrderCards
            trades={closed.data?.items ?? []}
            running={false}
            label={t('orders.closed')}
            empty={closed.isPending ? t('common.loading') : t('common.dataNotFound')}
          />
        ) : (
          <DataTable
            columns={closedColumns}
            rows={closed.data?.items ?? []}
            rowKey={(row) => row.id}
            empty={t('common.dataNotFound')}
            loading={closed.isPending}
            loadingText={t('common.loading')}
          />
        )}
        {closed.data && <Pager page={closedPage} pages={pageCount(closed.data)} onPage={setClosedPage} />}
      </section>
      {receiptId && (
        <OrderReceiptModal id={receiptId} known={known} onClose={() => void navigate('/orders')} />
      )}
    </Page>
  );
}

/** /orders and /orders/:id (the receipt of one order over the list). Guests see a welcome panel. */
export function OrdersPage() {
  const user = useSession((s) => s.user);
  const mode = useAccountMode((s) => s.mode);
  const { id } = useParams();
  if (!user) return <GuestPanel />;
  // A new account starts both tables on their first page.
  return <Orders key={`${user.id}:${mode}`} mode={mode} receiptId={id} />;
}
