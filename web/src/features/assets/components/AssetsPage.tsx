import { formatRupees } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Page } from '../../../components/Page.tsx';
import { useSession } from '../../../lib/session/index.ts';
import { useFreshProfile } from '../api/get-profile.ts';
import {
  type AssetRow,
  assetRows,
  availableOf,
  formatAsset,
  HIDDEN_AMOUNT,
  visibleRows,
} from '../lib/assets.ts';
import { HoldNotice } from './HoldNotice.tsx';
import { WalletNav } from './WalletNav.tsx';

function EyeIcon({ open }: { open: boolean }) {
  return (
    <Icon>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </Icon>
  );
}

/**
 * /assets: the balance (with a show/hide toggle), the hold and its reason, the wallet actions
 * and the assets table. Balance and hold follow the server live (balance and hold events).
 */
export function AssetsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [shown, setShown] = useState(true);
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const searchId = useId();
  useFreshProfile();

  if (!user) return null;
  const mask = (text: string) => (shown ? text : HIDDEN_AMOUNT);
  const rows = visibleRows(assetRows(user), search, hideZero);
  const columns: Array<Column<AssetRow>> = [
    {
      key: 'currency',
      header: t('wallet.overview.currency'),
      cell: (row) => <strong>{row.currency}</strong>,
    },
    {
      key: 'total',
      header: t('wallet.overview.total'),
      className: 'num',
      cell: (row) => mask(formatAsset(row, row.total)),
    },
    {
      key: 'available',
      header: t('wallet.overview.availableCol'),
      className: 'num',
      cell: (row) => mask(formatAsset(row, row.available)),
    },
    {
      key: 'freeze',
      header: t('wallet.overview.freeze'),
      className: 'num',
      cell: (row) => mask(formatAsset(row, row.freeze)),
    },
  ];

  return (
    <Page title={t('assets.overview')} className="wallet-page">
      <WalletNav />
      <article className="card wl-balance">
        <div className="wl-balance-head">
          <h2 className="card-label">{t('wallet.overview.balance')}</h2>
          <button
            type="button"
            className="icon-button wl-eye"
            aria-label={shown ? t('wallet.overview.hide') : t('wallet.overview.show')}
            aria-pressed={!shown}
            onClick={() => setShown((v) => !v)}
          >
            <EyeIcon open={shown} />
          </button>
        </div>
        <p className="wl-balance-value">
          <strong data-testid="asset-balance">{mask(formatRupees(user.balance))}</strong>{' '}
          <span className="muted">INR</span>
        </p>
        <p className="muted" data-testid="asset-available">
          {t('wallet.overview.available', { amount: mask(formatRupees(availableOf(user))) })}
        </p>
        <div className="row wl-actions">
          <Link to="/assets/topup" className="btn btn-primary">
            {t('wallet.overview.topup')}
          </Link>
          <Link to="/assets/withdraw" className="btn btn-ghost">
            {t('wallet.overview.withdraw')}
          </Link>
          <Link to="/assets/records" className="btn btn-ghost">
            {t('wallet.overview.records')}
          </Link>
        </div>
      </article>

      <HoldNotice amount={user.freezAmount} reason={user.freezReason} hidden={!shown} />

      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor={searchId}>{t('wallet.overview.search')}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder={t('wallet.overview.searchPlaceholder')}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <label className="wl-check">
          <input type="checkbox" checked={hideZero} onChange={(event) => setHideZero(event.target.checked)} />
          {t('wallet.overview.hideZero')}
        </label>
      </div>
      <div data-testid="assets-table">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.currency}
          empty={t('common.noData')}
          caption={t('wallet.overview.table')}
        />
      </div>
    </Page>
  );
}
