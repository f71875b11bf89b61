import { ADMIN_COINS_PAGE_SIZE, type Coin, MSG } from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useDeleteCoin } from '../api/delete-coin.ts';
import { useCoins } from '../api/list-coins.ts';
import { CoinForm } from './CoinForm.tsx';
import { DeleteCoinDialog } from './DeleteCoinDialog.tsx';

/** The form open: a new coin (null) or the coin being edited. */
type Editing = { coin: Coin | null } | null;

/**
 * The coin list (admin-side "Coins", INTEGRITY §1): search, 10 per page, Add Currency and Edit
 * in a modal, Delete after a confirmation. A change reaches the market pages and the feed
 * without a restart; there are no price columns, prices come only from the feed.
 */
export function CoinsPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Coin | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { data, error, isPending } = useCoins({ q, page });
  const remove = useDeleteCoin();

  // Search as the admin types, a moment after the last key.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [search]);

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ADMIN_COINS_PAGE_SIZE));
  // The last coin of the last page was deleted: step back to a page that has coins.
  useEffect(() => {
    if (data && data.coins.length === 0 && page > pages) setPage(pages);
  }, [data, page, pages]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.symbol);
      setDeleting(null);
      setDone(MSG.coinDeleted);
    } catch (err) {
      setDeleteError(serverMessageOr(err, WEB_MSG.coinDeleteFailed));
    }
  };

  const columns: Array<Column<Coin>> = [
    {
      key: 'symbol',
      header: t('adminCoins.symbol'),
      cell: (c) => <strong data-testid="coin-symbol">{c.symbol}</strong>,
    },
    { key: 'name', header: t('adminCoins.name'), cell: (c) => c.name },
    { key: 'market', header: t('adminCoins.marketSymbol'), cell: (c) => <code>{c.marketSymbol}</code> },
    {
      key: 'enabled',
      header: t('adminCoins.enabled'),
      cell: (c) => (
        <span className={`badge ${c.enabled ? 'badge-green' : 'badge-muted'}`} data-testid="coin-enabled">
          {c.enabled ? t('adminCoins.on') : t('adminCoins.off')}
        </span>
      ),
    },
    { key: 'order', header: t('adminCoins.sortOrder'), cell: (c) => c.sortOrder },
    {
      key: 'actions',
      header: t('adminCoins.actions'),
      cell: (c) => (
        <div className="row row-tight">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('adminCoins.editCoin', { symbol: c.symbol })}
            onClick={() => {
              setDone(null);
              setEditing({ coin: c });
            }}
          >
            {t('adminCoins.edit')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('adminCoins.deleteCoin', { symbol: c.symbol })}
            onClick={() => {
              setDone(null);
              setDeleteError(null);
              setDeleting(c);
            }}
          >
            {t('adminCoins.delete')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <Page
      title={t('admin.nav.coins')}
      actions={
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setDone(null);
            setEditing({ coin: null });
          }}
        >
          {t('adminCoins.add')}
        </button>
      }
    >
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor={searchId}>{t('common.search')}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder={t('adminCoins.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <Notice text={error ? WEB_MSG.coinsLoadFailed : null} />
      <Notice text={done} tone="success" />
      <DataTable
        columns={columns}
        rows={data?.coins ?? []}
        rowKey={(c) => c.symbol}
        empty={t('adminCoins.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={pages} onPage={setPage} compact />

      {editing && (
        <CoinForm
          coin={editing.coin}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setDone(MSG.coinSaved);
          }}
        />
      )}
      {deleting && (
        <DeleteCoinDialog
          coin={deleting}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
