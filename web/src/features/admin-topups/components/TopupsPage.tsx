import { type AdminTopup, formatRupees, MSG, WALLET_REQUEST_STATUSES } from '@app/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useApproveTopup } from '../api/approve-topup.ts';
import { type TopupStatusFilter, useAdminTopups } from '../api/list-admin-topups.ts';
import { useRejectTopup } from '../api/reject-topup.ts';
import { PrevNextPager } from './PrevNextPager.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { Toast } from './Toast.tsx';
import { VoucherThumb } from './VoucherThumb.tsx';

const FILTERS: readonly TopupStatusFilter[] = ['all', ...WALLET_REQUEST_STATUSES];
const DEFAULT_FILTER: TopupStatusFilter = 'pending';

function parseFilter(value: string | null): TopupStatusFilter {
  return FILTERS.find((f) => f === value) ?? DEFAULT_FILTER;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

const fullName = (u: AdminTopup['user']) => `${u.firstName} ${u.lastName}`.trim() || u.username;

/**
 * Top-up requests. Status and page live in the URL; the list reloads when `admin:badges`
 * says a request arrived or was decided, and after a reconnect.
 */
export function TopupsPage() {
  const { t, i18n } = useTranslation();
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const status = parseFilter(params.get('status'));
  const page = positiveInt(params.get('page'), 1);

  const [changes, setChanges] = useState(0);
  const reconnects = useConnection((s) => s.reconnects);
  const { data, error, loading } = useAdminTopups({ page, status }, changes + reconnects);
  useEffect(() => realtime.on('admin:badges', () => setChanges((n) => n + 1)), []);

  const approve = useApproveTopup();
  const reject = useRejectTopup();
  // A ref, not state: a second click in the same tick must already see the first one.
  const saving = useRef(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminTopup | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const toasts = useRef(0);

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

  const pages = Math.max(1, data?.pagination.pages ?? 1);
  // The last row of the last page was decided: step back to a page that has rows.
  useEffect(() => {
    if (data && data.items.length === 0 && page > pages) update({ page: pages === 1 ? null : pages });
  }, [data, page, pages]);

  const decide = async (row: AdminTopup, action: 'approve' | 'reject', remarks = '') => {
    if (saving.current) return;
    saving.current = true;
    setBusyId(row.id);
    setActionError(null);
    setDialogError(null);
    try {
      if (action === 'approve') await approve.run(row.id);
      else await reject.run(row.id, remarks);
      setRejecting(null);
      setToast({
        id: ++toasts.current,
        text: action === 'approve' ? MSG.requestApproved : MSG.requestRejected,
      });
    } catch (err) {
      const message = serverMessageOr(err, WEB_MSG.actionFailed);
      if (action === 'reject') setDialogError(message);
      else setActionError(message);
    } finally {
      saving.current = false;
      setBusyId(null);
      // Decided or not, the row may have changed (a 409 means another admin decided it).
      setChanges((n) => n + 1);
    }
  };

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const columns: Array<Column<AdminTopup>> = [
    {
      key: 'user',
      header: t('adminWallet.topups.user'),
      cell: (r) => (
        <div className="request-user">
          <strong>{fullName(r.user)}</strong>
          <span className="muted small">
            {r.user.username} · {r.user.email}
          </span>
        </div>
      ),
    },
    {
      key: 'amount',
      header: t('adminWallet.topups.amount'),
      className: 'num',
      cell: (r) => formatRupees(r.amount),
    },
    {
      key: 'status',
      header: t('adminWallet.topups.status'),
      cell: (r) => (
        <>
          <StatusBadge status={r.status} />
          {r.status === 'rejected' && r.remarks && <div className="muted small">{r.remarks}</div>}
        </>
      ),
    },
    {
      key: 'voucher',
      header: t('adminWallet.topups.voucher'),
      cell: (r) => (
        <VoucherThumb url={r.voucherUrl} user={fullName(r.user)} amount={formatRupees(r.amount)} />
      ),
    },
    { key: 'when', header: t('adminWallet.topups.when'), cell: (r) => when(r.createdAt) },
    {
      key: 'action',
      header: t('adminWallet.topups.action'),
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="row row-tight">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busyId !== null}
              aria-busy={busyId === r.id}
              onClick={() => decide(r, 'approve')}
            >
              {t('adminWallet.approve')}
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busyId !== null}
              onClick={() => {
                setDialogError(null);
                setRejecting(r);
              }}
            >
              {t('adminWallet.reject')}
            </button>
          </div>
        ) : (
          <span className="muted small">
            {r.decidedAt
              ? t('adminWallet.topups.decided', { when: when(r.decidedAt) })
              : t('adminWallet.none')}
          </span>
        ),
    },
  ];

  // Lists fall back to empty when they cannot load.
  const rows = error ? [] : (data?.items ?? []);
  return (
    <Page title={t('admin.nav.topups')}>
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor={filterId}>{t('adminWallet.status.filter')}</label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => update({ status: event.target.value, page: null })}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`adminWallet.status.${f}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Notice text={error ? WEB_MSG.adminTopupsLoadFailed : actionError} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('adminWallet.topups.empty')}
        loading={loading && !data}
        loadingText={t('common.loading')}
      />
      <PrevNextPager page={page} pages={pages} onPage={(p) => update({ page: p === 1 ? null : p })} />
      {rejecting && (
        <RejectDialog
          user={fullName(rejecting.user)}
          amount={formatRupees(rejecting.amount)}
          saving={busyId === rejecting.id}
          error={dialogError}
          onConfirm={(remarks) => decide(rejecting, 'reject', remarks)}
          onClose={() => setRejecting(null)}
        />
      )}
      <Toast toast={toast} onDone={() => setToast(null)} />
    </Page>
  );
}
