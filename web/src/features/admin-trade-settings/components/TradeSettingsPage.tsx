import { MSG, type TradeSetting } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { AdminListPage, useAdminList } from '../../../components/AdminList.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { useAdminTradeSettings, useChangeTradeSetting } from '../api/trade-settings.ts';
import { breakEvenLabel } from '../lib/break-even.ts';
import { SettingForm } from './SettingForm.tsx';

/**
 * Trade durations (admin-side "Trade setting"): list, add, edit (payout too), delete after
 * 'Delete this setting?'. Each payout shows the win rate it needs to break even, the figure
 * the trade card shows a user before a trade. Running trades keep the terms they were placed with.
 */
export function TradeSettingsPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useAdminTradeSettings();
  const change = useChangeTradeSetting();
  const list = useAdminList<TradeSetting>((s) => change.mutateAsync({ kind: 'delete', id: s.id }), {
    deleteFailed: MSG.failedToSave,
  });
  const named = (s: TradeSetting) => ({ time: s.time, unit: t(`adminTradeSettings.units.${s.unit}`) });

  const columns: Array<Column<TradeSetting>> = [
    { key: 'time', header: t('adminTradeSettings.time'), cell: (s) => s.time },
    {
      key: 'unit',
      header: t('adminTradeSettings.unit'),
      cell: (s) => t(`adminTradeSettings.units.${s.unit}`),
    },
    {
      key: 'payout',
      header: t('adminTradeSettings.payout'),
      cell: (s) => <span data-testid="setting-payout">{s.payoutPercent}%</span>,
    },
    {
      key: 'breakEven',
      header: t('adminTradeSettings.breakEven'),
      cell: (s) => <span data-testid="setting-break-even">{breakEvenLabel(s.payoutPercent)}</span>,
    },
  ];

  return (
    <AdminListPage
      ns="adminTradeSettings"
      title={t('admin.nav.tradeSetting')}
      list={list}
      columns={columns}
      rows={data ?? []}
      rowKey={(s) => String(s.id)}
      editLabel={(s) => t('adminTradeSettings.editOne', named(s))}
      deleteLabel={(s) => t('adminTradeSettings.deleteOne', named(s))}
      empty={t('adminTradeSettings.empty')}
      loading={isPending}
      loadError={error ? serverMessageOr(error, MSG.failedToSave) : null}
      form={(setting) => (
        <SettingForm setting={setting} onClose={list.closeForm} onSaved={() => list.saved()} />
      )}
      confirmText={() => <p>{t('adminTradeSettings.deleteConfirm')}</p>}
      deleting={change.isPending}
    >
      <p className="muted small">{t('adminTradeSettings.intro')}</p>
    </AdminListPage>
  );
}
