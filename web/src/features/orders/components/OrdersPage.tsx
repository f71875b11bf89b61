import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Page } from '../../../components/Page.tsx';
import { useSession } from '../../../lib/session/index.ts';

type Order = Record<string, never>;

/** Running and closed orders; the trade list itself arrives with the trading release. */
export function OrdersPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);

  if (!user) {
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

  const base: Array<Column<Order>> = [
    { key: 'sn', header: t('orders.sn'), cell: (_row, i) => i + 1 },
    { key: 'crypto', header: t('orders.crypto'), cell: () => null },
    { key: 'amount', header: t('orders.amount'), cell: () => null },
    { key: 'direction', header: t('orders.direction'), cell: () => null },
    { key: 'result', header: t('orders.result'), cell: () => null },
    { key: 'status', header: t('orders.status'), cell: () => null },
    { key: 'date', header: t('orders.date'), cell: () => null },
  ];
  const closed = [...base, { key: 'pl', header: t('orders.profitLoss'), cell: () => null }];

  return (
    <Page title={t('orders.title')}>
      <section className="section">
        <h2>{t('orders.running')}</h2>
        <DataTable columns={base} rows={[]} rowKey={() => ''} empty={t('common.dataNotFound')} />
      </section>
      <section className="section">
        <h2>{t('orders.closed')}</h2>
        <DataTable columns={closed} rows={[]} rowKey={() => ''} empty={t('common.dataNotFound')} />
      </section>
    </Page>
  );
}
