import { ADMIN_COINS_PAGE_SIZE, type Coin, MSG } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, useAdminList, useLastPageInRange } from '../../../components/AdminList.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { SearchField, useSearchQuery } from '../../../components/SearchField.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useDeleteCoin } from '../api/delete-coin.ts';
import { useCoins } from '../api/list-coins.ts';
import { CoinForm } from './CoinForm.tsx';

/**
 * The coin list (admin-side "Coins", INTEGRITY §1): search, 10 per page, Add Currency and Edit
 * in a modal, Delete after a confirmation. A change reaches the market pages and the feed
 * without a restart; there are no price columns, prices come only from the feed.
 */
export function CoinsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { search, setSearch, q } = useSearchQuery(() => setPage(1));
  const { data, error, isPending } = useCoins({ q, page });
  const remove = useDeleteCoin();
  const list = useAdminList<Coin>((coin) => remove.mutateAsync(coin.symbol), {
    deleted: MSG.coinDeleted,
    deleteFailed: WEB_MSG.coinDeleteFailed,
  });

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ADMIN_COINS_PAGE_SIZE));
  useLastPageInRange(page, pages, data?.coins.length === 0, setPage);

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
  ];

  return (
    <AdminListPage
      ns="adminCoins"
      title={t('admin.nav.coins')}
      list={list}
      columns={columns}
      rows={data?.coins ?? []}
      rowKey={(c) => c.symbol}
      editLabel={(c) => t('adminCoins.editCoin', { symbol: c.symbol })}
      deleteLabel={(c) => t('adminCoins.deleteCoin', { symbol: c.symbol })}
      empty={t('adminCoins.empty')}
      loading={isPending}
      loadError={error ? WEB_MSG.coinsLoadFailed : null}
      pager={{ page, pages, onPage: setPage }}
      form={(coin) => (
        <CoinForm coin={coin} onClose={list.closeForm} onSaved={() => list.saved(MSG.coinSaved)} />
      )}
      confirmText={(coin) => (
        <>
          <p>{t('adminCoins.deleteConfirm', { symbol: coin.symbol, name: coin.name })}</p>
          <p className="muted small">{t('adminCoins.deleteHint')}</p>
        </>
      )}
      deleting={remove.isPending}
    >
      <div className="toolbar">
        <SearchField value={search} onChange={setSearch} placeholder={t('adminCoins.searchPlaceholder')} />
      </div>
    </AdminListPage>
  );
}
