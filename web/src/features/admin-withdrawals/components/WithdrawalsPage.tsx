import { type AdminWithdrawal, formatRupees, WALLET_REQUEST_STATUSES } from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useAdminWithdrawals, type WithdrawalStatusFilter } from '../api/list-admin-withdrawals.ts';
import { errorText } from './error-text.ts';
import { PrevNextPager } from './PrevNextPager.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const FILTERS: readonly WithdrawalStatusFilter[] = ['all', ...WALLET_REQUEST_STATUSES];
export const SEARCH_DEBOUNCE_MS = 300;

function parseFilter(value: string | null): WithdrawalStatusFilter {
  return FILTERS.find((f) => f === value) ?? 'all';
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

const fullName = (u: AdminWithdrawal['user']) => `${u.firstName} ${u.lastName}`.trim() || u.username;

/**
 * Withdrawal requests. Status, search and page live in the URL; the list reloads on Refresh,
 * when `admin:badges` says a request arrived or was decided, and after a reconnect.
 */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const filterId = useId();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const status = parseFilter(params.get('status'));
  const search = params.get('search') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const [typed, setTyped] = useState(search);

  const [changes, setChanges] = useState(0);
  const reconnects = useConnection((s) => s.reconnects);
  const { data, error, loading } = useAdminWithdrawals({ page, status, search }, changes + reconnects);
  useEffect(() => realtime.on('admin:badges', () => setChanges((n) => n + 1)), []);

  const update = (patch: Record<string, string | number | null>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  };

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
          <strong>{fullName(r.user)}</strong>
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
      cell: (r) => <StatusBadge status={r.status} />,
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

  const rows = error ? [] : (data?.items ?? []);
  return (
    <Page title={t('admin.nav.withdrawals')}>
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor={filterId}>{t('adminWallet.status.filter')}</label>
          <select
            id={filterId}
            value={status}
            onChange={(event) =>
              update({ status: event.target.value === 'all' ? null : event.target.value, page: null })
            }
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`adminWallet.status.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor={searchId}>{t('common.search')}</label>
          <input
            id={searchId}
            type="search"
            value={typed}
            maxLength={100}
            placeholder={t('adminWallet.withdrawals.searchPlaceholder')}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setChanges((n) => n + 1)}>
          {t('adminWallet.withdrawals.refresh')}
        </button>
      </div>
      <Notice text={error ? errorText(error) : null} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('adminWallet.withdrawals.empty')}
        loading={loading && !data}
        loadingText={t('common.loading')}
      />
      <PrevNextPager
        page={page}
        pages={Math.max(1, data?.pagination.pages ?? 1)}
        onPage={(p) => update({ page: p === 1 ? null : p })}
      />
    </Page>
  );
}
