import { DEFAULT_ADMIN_PAGE_SIZE, type LoginRecord, PAGE_SIZE_OPTIONS } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, PageSizeSelect } from '../../../components/Pager.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { isSuperadmin, useSession } from '../../../lib/session/index.ts';
import { positiveInt, useUrlState } from '../../../lib/url-state.ts';
import { useLoginHistory } from '../api/get-login-history.ts';

/** The list's state lives in the URL (user, q, page, limit), so it can be linked to. */
export function LoginHistoryPage() {
  const { t, i18n } = useTranslation();
  const [params, update] = useUrlState();
  const viewer = useSession((s) => s.user);
  const q = params.get('q') ?? '';
  const user = params.get('user') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const rawLimit = positiveInt(params.get('limit'), DEFAULT_ADMIN_PAGE_SIZE);
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(rawLimit)
    ? rawLimit
    : DEFAULT_ADMIN_PAGE_SIZE;
  const [search, setSearch] = useState(q);

  const { data, error, isPending } = useLoginHistory({
    page,
    limit,
    q: q || undefined,
    user: user || undefined,
    excludeRole: isSuperadmin(viewer) ? undefined : 'superadmin',
  });

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = window.setTimeout(() => update({ q: trimmed, page: null }), 300);
    return () => window.clearTimeout(timer);
  }, [search]);

  // Admins never see superadmin sign-ins, whatever the server sends.
  const rows = (data?.items ?? []).filter((r) => isSuperadmin(viewer) || r.role !== 'superadmin');
  const columns: Array<Column<LoginRecord>> = [
    {
      key: 'when',
      header: t('admin.logins.when'),
      cell: (r) => new Date(r.createdAt).toLocaleString(i18n.language),
    },
    { key: 'username', header: t('admin.logins.username'), cell: (r) => r.username ?? '—' },
    { key: 'email', header: t('admin.logins.email'), cell: (r) => r.email ?? '—' },
    { key: 'device', header: t('admin.logins.device'), cell: (r) => t(`admin.dashboard.${r.deviceType}`) },
    {
      key: 'ua',
      header: t('admin.logins.userAgent'),
      cell: (r) => <span className="ua">{r.userAgent}</span>,
    },
    {
      key: 'status',
      header: t('admin.logins.status'),
      cell: (r) => (
        <span className={`badge ${r.success ? 'badge-green' : 'badge-red'}`}>
          {r.success ? t('admin.logins.success') : t('admin.logins.failed')}
        </span>
      ),
    },
  ];

  return (
    <Page title={t('admin.nav.loginHistory')}>
      <div className="toolbar">
        <SearchField value={search} onChange={setSearch} placeholder={t('admin.logins.searchPlaceholder')} />
        {user && (
          <span className="chip">
            {t('admin.logins.userFilter', { user })}
            <button type="button" className="link-button" onClick={() => update({ user: null, page: null })}>
              {t('admin.logins.clearFilter')}
            </button>
          </span>
        )}
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: null })} />
      </div>
      <Notice text={error ? WEB_MSG.loginsLoadFailed : null} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('admin.logins.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={data?.pagination.pages ?? 1} onPage={(p) => update({ page: p })} />
    </Page>
  );
}
