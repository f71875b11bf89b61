import { type AuditEntry, type AuditFilter, DEFAULT_ADMIN_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, PageSizeSelect } from '../../../components/Pager.tsx';
import { positiveInt, useUrlState } from '../../../lib/url-state.ts';
import { useAudit } from '../api/get-audit.ts';
import { AuditFilters } from './AuditFilters.tsx';

const FILTER_KEYS = ['actor', 'user', 'action', 'from', 'to'] as const;

function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (entry.before == null && entry.after == null) return null;
  return (
    <>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('adminAudit.hide') : t('adminAudit.show')}
      </button>
      {open && (
        <dl className="audit-diff">
          <dt>{t('adminAudit.before')}</dt>
          <dd>
            <pre>{JSON.stringify(entry.before, null, 2)}</pre>
          </dd>
          <dt>{t('adminAudit.after')}</dt>
          <dd>
            <pre>{JSON.stringify(entry.after, null, 2)}</pre>
          </dd>
        </dl>
      )}
    </>
  );
}

/**
 * The audit trail: who did what to which account, when and why. A superadmin sees every
 * action; an admin the actions on user accounts (the server decides). Filters and page live in
 * the URL, so a view can be linked to.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [params, update] = useUrlState();
  const filter: AuditFilter = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key);
    if (v) filter[key] = v;
  }
  const page = positiveInt(params.get('page'), 1);
  const rawLimit = positiveInt(params.get('limit'), DEFAULT_ADMIN_PAGE_SIZE);
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(rawLimit)
    ? rawLimit
    : DEFAULT_ADMIN_PAGE_SIZE;
  const { data, error, isPending } = useAudit({ ...filter, page, limit });

  const columns: Array<Column<AuditEntry>> = [
    {
      key: 'when',
      header: t('adminAudit.when'),
      cell: (r) => new Date(r.createdAt).toLocaleString(i18n.language),
    },
    {
      key: 'actor',
      header: t('adminAudit.actor'),
      cell: (r) => (r.actor ? `${r.actor.username} (${r.actor.role})` : t('adminAudit.system')),
    },
    {
      key: 'action',
      header: t('adminAudit.action'),
      cell: (r) => <span title={r.action}>{t(`auditActions.${r.action}`, { defaultValue: r.action })}</span>,
    },
    { key: 'account', header: t('adminAudit.account'), cell: (r) => r.user?.username ?? '—' },
    {
      key: 'target',
      header: t('adminAudit.target'),
      cell: (r) => (
        <span className="muted small" title={r.targetId ?? undefined}>
          {r.targetType}
          {r.targetId ? ` ${r.targetId.slice(0, 8)}` : ''}
        </span>
      ),
    },
    { key: 'reason', header: t('adminAudit.reason'), cell: (r) => r.reason ?? '—' },
    { key: 'details', header: t('adminAudit.details'), cell: (r) => <Details entry={r} /> },
  ];

  return (
    <Page title={t('admin.nav.audit')}>
      <AuditFilters
        value={filter}
        onApply={(next) =>
          update({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, next[k] ?? null])), page: null })
        }
      />
      <div className="toolbar">
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: null })} />
      </div>
      <Notice text={error ? t('adminAudit.loadFailed') : null} />
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        empty={t('adminAudit.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={data?.pagination.pages ?? 1} onPage={(p) => update({ page: p })} />
    </Page>
  );
}
