import { type ExposureRow, formatRupees, type RiskExposure } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';

/** Running real trades per coin and direction, with their totals above. */
export function ExposureTable({ exposure }: { exposure: RiskExposure }) {
  const { t, i18n } = useTranslation();
  const { totals } = exposure;
  const columns: Array<Column<ExposureRow>> = [
    { key: 'coin', header: t('adminRisk.coin'), cell: (r) => `${r.symbol}/INR` },
    {
      key: 'direction',
      header: t('adminRisk.direction'),
      cell: (r) => (
        <span className={`badge ${r.direction === 'up' ? 'badge-green' : 'badge-red'}`}>
          {r.direction === 'up' ? t('adminRisk.up') : t('adminRisk.down')}
        </span>
      ),
    },
    { key: 'count', header: t('adminRisk.trades'), cell: (r) => r.count },
    { key: 'stake', header: t('adminRisk.stake'), cell: (r) => formatRupees(r.stake) },
    { key: 'payout', header: t('adminRisk.payoutIfAllWin'), cell: (r) => formatRupees(r.payoutIfAllWin) },
    { key: 'net', header: t('adminRisk.netIfAllWin'), cell: (r) => formatRupees(r.netIfAllWin) },
  ];
  return (
    <>
      <div className="grid grid-stats">
        <article className="card stat-card">
          <h3 className="card-label">{t('adminRisk.totalTrades')}</h3>
          <p className="stat-value">{totals.count}</p>
        </article>
        <article className="card stat-card">
          <h3 className="card-label">{t('adminRisk.totalStake')}</h3>
          <p className="stat-value">{formatRupees(totals.stake)}</p>
        </article>
        <article className="card stat-card">
          <h3 className="card-label">{t('adminRisk.payoutIfAllWin')}</h3>
          <p className="stat-value">{formatRupees(totals.payoutIfAllWin)}</p>
        </article>
        <article className="card stat-card">
          <h3 className="card-label">{t('adminRisk.netIfAllWin')}</h3>
          <p className="stat-value">{formatRupees(totals.netIfAllWin)}</p>
        </article>
      </div>
      <DataTable
        caption={t('adminRisk.asOf', { time: new Date(exposure.asOf).toLocaleTimeString(i18n.language) })}
        columns={columns}
        rows={exposure.rows}
        rowKey={(r) => `${r.symbol}:${r.direction}`}
        empty={t('adminRisk.empty')}
      />
    </>
  );
}
