import { type AdminWithdrawal, formatRupees } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/DataTable.tsx';
import { Page } from '../../../components/Page.tsx';
import { RequestTable } from '../../../components/RequestTable.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { requesterName } from '../../../lib/admin-lists.ts';
import { parseStatusFilter } from '../../../lib/status-filter.ts';
import { positiveInt, useUrlState } from '../../../lib/url-state.ts';
import { useAdminWithdrawals } from '../api/list-admin-withdrawals.ts';
import { errorText } from './error-text.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Withdrawal requests. Status, search and page live in the URL; the list reloads on Refresh,
 * when `admin:badges` says a request arrived or was decided, and after a reconnect.
 */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const [params, update] = useUrlState();
  const status = parseStatusFilter(params.get('status'), 'all');
  const search = params.get('search') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const [typed, setTyped] = useState(search);

  const list = useAdminWithdrawals({ page, status, search });
  const refresh = () => void list.refetch();

  // Search a moment after the last key.
  useEffect(() => {
    const trimmed = typed.trim();
    if (trimmed === search) return;
    const timer = window.setTimeout(() => update({ search: trimmed, page: null }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const money = (n: number) => formatRupees(n);
  const columns: Array<Column<AdminWithdrawal>> = [
    { key: 'trx', header: t('adminWallet.withdrawals.trx'), cell: (r) => <code>{r.trxNumber}</code> },
    {
      key: 'user',
      header: t('adminWallet.withdrawals.user'),
      cell: (r) => (
        <div className="request-user">
          <strong>{requesterName(r.user)}</strong>
          <span className="muted small">{r.user.username}</span>
        </div>
      ),
    },
    { key: 'email', header: t('adminWallet.withdrawals.email'), cell: (r) => r.user.email },
    {
      key: 'method',
      header: t('adminWallet.withdrawals.method'),
      cell: (r) => t(`adminWallet.method.${r.method}`),
    },
    {
      key: 'amount',
      header: t('adminWallet.withdrawals.amount'),
      className: 'num',
      cell: (r) => money(r.amount),
    },
    {
      key: 'charge',
      header: t('adminWallet.withdrawals.charge'),
      className: 'num',
      cell: (r) => money(r.charge),
    },
    {
      key: 'rate',
      header: t('adminWallet.withdrawals.rate'),
      className: 'num',
      cell: (r) => r.rate.toLocaleString('en-IN', { maximumFractionDigits: 4 }),
    },
    {
      key: 'status',
      header: t('adminWallet.withdrawals.status'),
      cell: (r) => <StatusBadge status={r.status} words="adminWallet" />,
    },
    {
      key: 'requested',
      header: t('adminWallet.withdrawals.requested'),
      cell: (r) => new Date(r.createdAt).toLocaleString(i18n.language),
    },
    {
      key: 'view',
      header: t('adminWallet.withdrawals.view'),
      cell: (r) => (
        <Link to={`/app-panel/withdrawals/${encodeURIComponent(r.id)}`} className="btn btn-ghost btn-sm">
          {t('adminWallet.withdrawals.view')}
        </Link>
      ),
    },
  ];

  return (
    <Page title={t('admin.nav.withdrawals')}>
      <RequestTable
        status={status}
        onStatus={(next) => update({ status: next === 'all' ? null : next, page: null })}
        page={page}
        onPage={(p) => update({ page: p === 1 ? null : p })}
        tools={
          <>
            <SearchField
              value={typed}
              onChange={setTyped}
              placeholder={t('adminWallet.withdrawals.searchPlaceholder')}
              maxLength={100}
            />
            <button type="button" className="btn btn-ghost btn-sm" onClick={refresh}>
              {t('adminWallet.withdrawals.refresh')}
            </button>
          </>
        }
        list={list}
        notice={list.error ? errorText(list.error) : null}
        columns={columns}
        empty={t('adminWallet.withdrawals.empty')}
      />
    </Page>
  );
}
