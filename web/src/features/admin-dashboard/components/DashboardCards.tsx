import { type AdminCardsResponse, formatINR, type TradeCounts } from '@app/shared';
import { useTranslation } from 'react-i18next';

type Card = { label: string; value: string | number; note?: string };

/** A titled row of stat cards. */
function CardGroup({ id, title, cards }: { id: string; title: string; cards: Card[] }) {
  return (
    <section aria-labelledby={id} className="section">
      <header className="section-head">
        <h2 id={id}>{title}</h2>
      </header>
      <div className="grid grid-stats">
        {cards.map((c) => (
          <article key={c.label} className="card stat-card">
            <h3 className="card-label">{c.label}</h3>
            <p className="stat-value">{c.value}</p>
            {c.note && <p className="muted small">{c.note}</p>}
          </article>
        ))}
      </div>
    </section>
  );
}

/** The spec's cards: accounts, real-money trades, money in and out, and play money apart. */
export function DashboardCards({ data }: { data: AdminCardsResponse }) {
  const { t, i18n } = useTranslation();
  const { cards, practice } = data;
  const count = (n: number) => n.toLocaleString(i18n.language);
  const rupees = (n: number) => `₹${formatINR(n)}`;
  // No invented numbers: without email verification there is no count, and the card says why.
  const email = (label: string, n: number | null): Card =>
    n === null
      ? { label, value: '—', note: t('adminDashboard.emailNotEnabled') }
      : { label, value: count(n) };
  const trades = (c: TradeCounts): Card[] => [
    { label: t('adminDashboard.totalTrades'), value: count(c.totalTrades) },
    { label: t('adminDashboard.winTrades'), value: count(c.winTrades) },
    { label: t('adminDashboard.lossTrades'), value: count(c.lossTrades) },
    { label: t('adminDashboard.drawTrades'), value: count(c.drawTrades) },
  ];
  return (
    <>
      <CardGroup
        id="dash-accounts"
        title={t('adminDashboard.accounts')}
        cards={[
          { label: t('admin.dashboard.totalUsers'), value: count(cards.totalUsers) },
          { label: t('admin.dashboard.activeUsers'), value: count(cards.activeUsers) },
          email(t('adminDashboard.emailVerified'), cards.emailVerified),
          email(t('adminDashboard.emailUnverified'), cards.emailUnverified),
        ]}
      />
      <CardGroup id="dash-trades" title={t('adminDashboard.realTrades')} cards={trades(cards)} />
      <CardGroup
        id="dash-money"
        title={t('adminDashboard.money')}
        cards={[
          { label: t('adminDashboard.totalDeposits'), value: rupees(cards.totalDeposits) },
          { label: t('adminDashboard.totalWithdrawals'), value: rupees(cards.totalWithdrawals) },
          { label: t('adminDashboard.pendingTopups'), value: count(cards.pendingTopups) },
          { label: t('adminDashboard.pendingWithdrawals'), value: count(cards.pendingWithdrawals) },
        ]}
      />
      <CardGroup id="dash-practice" title={t('adminDashboard.practiceTrades')} cards={trades(practice)} />
    </>
  );
}
