import { type AdminTopup, formatRupees, MSG } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/DataTable.tsx';
import { Page } from '../../../components/Page.tsx';
import { pagesOf } from '../../../components/Pager.tsx';
import { RequestTable } from '../../../components/RequestTable.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { VoucherThumb } from '../../../components/VoucherThumb.tsx';
import { requesterName } from '../../../lib/admin-lists.ts';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { topupKeys } from '../../../lib/query/index.ts';
import { parseStatusFilter } from '../../../lib/status-filter.ts';
import { showToast } from '../../../lib/toast.ts';
import { positiveInt, useUrlState } from '../../../lib/url-state.ts';
import { useApproveTopup } from '../api/approve-topup.ts';
import { useAdminTopups } from '../api/list-admin-topups.ts';
import { useRejectTopup } from '../api/reject-topup.ts';
import { RejectDialog } from './RejectDialog.tsx';

/**
 * Top-up requests. Status and page live in the URL; the list reloads when `admin:badges`
 * says a request arrived or was decided, and after a reconnect.
 */
export function TopupsPage() {
  const { t, i18n } = useTranslation();
  const [params, update] = useUrlState();
  const status = parseStatusFilter(params.get('status'), 'pending');
  const page = positiveInt(params.get('page'), 1);

  const client = useQueryClient();
  const list = useAdminTopups({ page, status });
  const { data } = list;

  const approve = useApproveTopup();
  const reject = useRejectTopup();
  // A ref, not state: a second click in the same tick must already see the first one.
  const saving = useRef(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminTopup | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const pages = pagesOf(data?.pagination);
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
      if (action === 'approve') await approve.mutateAsync(row.id);
      else await reject.mutateAsync({ id: row.id, remarks });
      setRejecting(null);
      showToast(action === 'approve' ? MSG.requestApproved : MSG.requestRejected);
    } catch (err) {
      const message = serverMessageOr(err, WEB_MSG.actionFailed);
      if (action === 'reject') setDialogError(message);
      else setActionError(message);
    } finally {
      saving.current = false;
      setBusyId(null);
      // Decided or not, the row may have changed (a 409 means another admin decided it).
      void client.invalidateQueries({ queryKey: topupKeys.adminLists() });
    }
  };

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const columns: Array<Column<AdminTopup>> = [
    {
      key: 'user',
      header: t('adminWallet.topups.user'),
      cell: (r) => (
        <div className="request-user">
          <strong>{requesterName(r.user)}</strong>
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
          <StatusBadge status={r.status} words="adminWallet" />
          {r.status === 'rejected' && r.remarks && <div className="muted small">{r.remarks}</div>}
        </>
      ),
    },
    {
      key: 'voucher',
      header: t('adminWallet.topups.voucher'),
      cell: (r) => {
        const user = requesterName(r.user);
        const amount = formatRupees(r.amount);
        return (
          <VoucherThumb
            url={r.voucherUrl}
            label={t('adminWallet.topups.viewVoucher', { user })}
            title={t('adminWallet.topups.voucherTitle', { amount, user })}
            alt={t('adminWallet.topups.voucherAlt', { amount, user })}
            failed={WEB_MSG.adminVoucherLoadFailed}
          />
        );
      },
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

  return (
    <Page title={t('admin.nav.topups')}>
      <RequestTable
        status={status}
        onStatus={(next) => update({ status: next, page: null })}
        page={page}
        onPage={(p) => update({ page: p === 1 ? null : p })}
        list={list}
        notice={list.error ? WEB_MSG.adminTopupsLoadFailed : actionError}
        columns={columns}
        empty={t('adminWallet.topups.empty')}
      />
      {rejecting && (
        <RejectDialog
          user={requesterName(rejecting.user)}
          amount={formatRupees(rejecting.amount)}
          saving={busyId === rejecting.id}
          error={dialogError}
          onConfirm={(remarks) => decide(rejecting, 'reject', remarks)}
          onClose={() => setRejecting(null)}
        />
      )}
    </Page>
  );
}
