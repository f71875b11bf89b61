import { type AdminUserRow, formatINR } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { isSuperadmin, useSession } from '../../../lib/session/index.ts';
import { positiveInt, useUrlState } from '../../../lib/url-state.ts';
import { exportUsersCsv } from '../api/export-users.ts';
import { useAdminUsers } from '../api/list-admin-users.ts';
import '../admin-users.css';
import { UserDetailModal } from './UserDetailModal.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

const rowClass = (r: AdminUserRow) =>
  [r.frozen ? 'user-row-frozen' : '', r.banned ? 'user-row-banned' : ''].join(' ').trim() || undefined;

/**
 * The users table (admin-side §4): search, Export, 20 a page with 'page / total', a badge for
 * the superadmin's wider view, styled rows for users with funds on hold or banned. Search and
 * page live in the URL; Edit opens the user's detail over the list.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const viewer = useSession((s) => s.user);
  const [params, update] = useUrlState();
  const search = params.get('search') ?? '';
  const page = positiveInt(params.get('page'), 1);
  // `?user=<id>` opens that user's detail (`&action=credit` with Add Balance open): the Send
  // Notifications screen's "credit added" template links here, as a credit is told by the ledger.
  const [openId, setOpenId] = useState<string | null>(() => params.get('user'));
  const [openAction] = useState(() => (params.get('action') === 'credit' ? ('credit' as const) : null));
  const [typed, setTyped] = useState(search);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useAdminUsers({ search, page });

  // Search a moment after the last key.
  useEffect(() => {
    const trimmed = typed.trim();
    if (trimmed === search) return;
    const timer = window.setTimeout(() => update({ search: trimmed, page: null }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportUsersCsv(search);
    } catch {
      setExportError(t('adminUsers.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // Lists fall back to empty on load errors (admin-side §8).
  const rows = list.data?.users ?? [];
  const pages = list.data?.pages ?? 1;
  return (
    <Page
      title={t('admin.nav.users')}
      actions={
        isSuperadmin(viewer) && <span className="badge badge-amber">{t('adminUsers.superadminView')}</span>
      }
    >
      <div className="toolbar">
        <SearchField
          value={typed}
          onChange={setTyped}
          placeholder={t('adminUsers.searchPlaceholder')}
          maxLength={100}
        />
        <button type="button" className="btn btn-ghost btn-sm" disabled={exporting} onClick={runExport}>
          {exporting ? t('adminUsers.exporting') : t('adminUsers.export')}
        </button>
      </div>
      <Notice text={exportError} />
      <TableScroll label={t('admin.nav.users')}>
        <table className="table users-table">
          <thead>
            <tr>
              <th scope="col">{t('adminUsers.name')}</th>
              <th scope="col">{t('adminUsers.email')}</th>
              <th scope="col">{t('adminUsers.country')}</th>
              <th scope="col">{t('adminUsers.role')}</th>
              <th scope="col" className="num">
                {t('adminUsers.trades')}
              </th>
              <th scope="col" className="num">
                {t('adminUsers.balance')}
              </th>
              <th scope="col">{t('adminUsers.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="table-empty">
                  {list.isPending ? t('common.loading') : t('adminUsers.empty')}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} className={rowClass(r)} data-testid="user-row">
                  <td data-label={t('adminUsers.name')}>
                    <div className="request-user">
                      <strong>
                        {r.firstName} {r.lastName}
                      </strong>
                      <span className="muted small">{r.username}</span>
                      {r.frozen && <span className="badge badge-amber">{t('adminUsers.frozen')}</span>}
                      {r.banned && <span className="badge badge-red">{t('adminUsers.banned')}</span>}
                    </div>
                  </td>
                  <td data-label={t('adminUsers.email')}>{r.email}</td>
                  <td data-label={t('adminUsers.country')}>{r.country}</td>
                  <td data-label={t('adminUsers.role')}>{t(`adminUsers.roles.${r.role}`)}</td>
                  <td data-label={t('adminUsers.trades')} className="num">
                    {r.trades}
                  </td>
                  <td data-label={t('adminUsers.balance')} className="num">
                    ₹{formatINR(r.balance)}
                  </td>
                  <td data-label={t('adminUsers.action')}>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`${t('adminUsers.edit')} ${r.username}`}
                      onClick={() => setOpenId(r.id)}
                    >
                      {t('adminUsers.edit')}
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      <Pager compact page={page} pages={pages} onPage={(p) => update({ page: p === 1 ? null : p })} />
      {openId && (
        <UserDetailModal
          key={openId}
          id={openId}
          initialAction={openId === params.get('user') ? openAction : null}
          onClose={() => {
            setOpenId(null);
            if (params.get('user')) update({ user: null, action: null });
          }}
        />
      )}
    </Page>
  );
}
