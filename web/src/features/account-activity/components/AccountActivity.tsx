import type { MyAdminAction } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useLiveAccountActivity, useMyAdminActions } from '../api/get-my-admin-actions.ts';

const PAGE_SIZE = 10;

/**
 * Account activity: every action the platform's team took on this account (what, when, why),
 * as the audit trail records it. The server never says who acted, and neither does this list.
 */
export function AccountActivity() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useMyAdminActions({ page, limit: PAGE_SIZE });
  useLiveAccountActivity();

  const columns: Array<Column<MyAdminAction>> = [
    {
      key: 'when',
      header: t('accountActivity.when'),
      cell: (r) => new Date(r.createdAt).toLocaleString(i18n.language),
    },
    {
      key: 'action',
      header: t('accountActivity.action'),
      cell: (r) => t(`auditActions.${r.action}`, { defaultValue: r.action }),
    },
    {
      key: 'reason',
      header: t('accountActivity.reason'),
      cell: (r) => r.reason ?? t('accountActivity.noReason'),
    },
  ];

  return (
    <section className="section" aria-labelledby="account-activity-title">
      <header className="section-head">
        <h2 id="account-activity-title">{t('accountActivity.title')}</h2>
      </header>
      <p className="muted small">{t('accountActivity.hint')}</p>
      <Notice text={error ? t('accountActivity.loadFailed') : null} />
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        empty={t('accountActivity.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={data?.pagination.pages ?? 1} onPage={setPage} compact />
    </section>
  );
}
