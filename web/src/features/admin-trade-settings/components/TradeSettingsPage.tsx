import { MSG, type TradeSetting } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { useAdminTradeSettings, useChangeTradeSetting } from '../api/trade-settings.ts';
import { breakEvenLabel } from '../lib/break-even.ts';
import { SettingForm } from './SettingForm.tsx';

type Editing = { setting: TradeSetting | null } | null;

/**
 * Trade durations (admin-side "Trade setting"): list, add, edit (payout too), delete after
 * 'Delete this setting?'. Each payout shows the win rate it needs to break even, the figure
 * the trade card shows a user before a trade. Running trades keep the terms they were placed with.
 */
export function TradeSettingsPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useAdminTradeSettings();
  const change = useChangeTradeSetting();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TradeSetting | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await change.mutateAsync({ kind: 'delete', id: deleting.id });
      setDeleting(null);
    } catch (err) {
      setDeleteError(serverMessageOr(err, MSG.failedToSave));
    }
  };

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
    {
      key: 'actions',
      header: t('adminTradeSettings.actions'),
      cell: (s) => {
        const label = t(`adminTradeSettings.units.${s.unit}`);
        return (
          <div className="row row-tight">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t('adminTradeSettings.editOne', { time: s.time, unit: label })}
              onClick={() => setEditing({ setting: s })}
            >
              {t('adminTradeSettings.edit')}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t('adminTradeSettings.deleteOne', { time: s.time, unit: label })}
              onClick={() => {
                setDeleteError(null);
                setDeleting(s);
              }}
            >
              {t('adminTradeSettings.delete')}
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <Page
      title={t('admin.nav.tradeSetting')}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ setting: null })}>
          {t('adminTradeSettings.add')}
        </button>
      }
    >
      <p className="muted small">{t('adminTradeSettings.intro')}</p>
      <Notice text={error ? serverMessageOr(error, MSG.failedToSave) : null} />
      <DataTable
        columns={columns}
        rows={data ?? []}
        rowKey={(s) => String(s.id)}
        empty={t('adminTradeSettings.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      {editing && (
        <SettingForm
          setting={editing.setting}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {deleting && (
        <Modal
          label={t('adminTradeSettings.deleteTitle')}
          onClose={() => setDeleting(null)}
          closable={!change.isPending}
        >
          <p>{t('adminTradeSettings.deleteConfirm')}</p>
          <Notice text={deleteError} />
          <div className="row">
            <button
              type="button"
              className="btn btn-danger"
              disabled={change.isPending}
              onClick={() => void confirmDelete()}
            >
              {t('adminTradeSettings.delete')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={change.isPending}
              onClick={() => setDeleting(null)}
            >
              {t('common.cancel')}
            </button>
          </div>
        </Modal>
      )}
    </Page>
  );
}
