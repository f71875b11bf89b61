import { DEFAULT_ADMIN_PAGE_SIZE, type ReferralKey } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, PageSizeSelect } from '../../../components/Pager.tsx';
import { SearchField, useSearchQuery } from '../../../components/SearchField.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useReferralKeys } from '../api/list-referral-keys.ts';
import { useUpdateReferralKey } from '../api/update-referral-key.ts';
import { GeneratedKey } from './GeneratedKey.tsx';
import { GenerateKeyForm } from './GenerateKeyForm.tsx';
import { KeyActions } from './KeyActions.tsx';

export function ReferralKeysPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { search, setSearch, q } = useSearchQuery(() => setPage(1));
  const [limit, setLimit] = useState<number>(DEFAULT_ADMIN_PAGE_SIZE);
  const [created, setCreated] = useState<ReferralKey | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { data, error, isPending } = useReferralKeys({ q, page, limit });
  const update = useUpdateReferralKey();

  const patch = async (
    row: ReferralKey,
    body: { active: boolean } | { maxUses: number },
    failure: string,
  ) => {
    setActionError(null);
    try {
      await update.mutateAsync({ id: row.id, body });
    } catch {
      setActionError(failure);
    }
  };

  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language) : t('admin.keys.never');
  const columns: Array<Column<ReferralKey>> = [
    { key: 'code', header: t('admin.keys.code'), cell: (r) => <code>{r.code}</code> },
    { key: 'label', header: t('admin.keys.label'), cell: (r) => r.label ?? '' },
    { key: 'uses', header: t('admin.keys.uses'), cell: (r) => `${r.usedCount}/${r.maxUses}` },
    { key: 'remaining', header: t('admin.keys.remaining'), cell: (r) => r.remaining },
    {
      key: 'status',
      header: t('admin.keys.status'),
      cell: (r) => (
        <span className={`badge ${r.active ? 'badge-green' : 'badge-muted'}`}>
          {r.active ? t('admin.keys.active') : t('admin.keys.inactive')}
        </span>
      ),
    },
    { key: 'expires', header: t('admin.keys.expires'), cell: (r) => date(r.expiresAt) },
    {
      key: 'actions',
      header: t('admin.keys.actions'),
      cell: (r) => (
        <KeyActions
          row={r}
          busy={update.isPending}
          onToggle={() => patch(r, { active: !r.active }, WEB_MSG.statusFailed)}
          onLimit={(maxUses) => patch(r, { maxUses }, WEB_MSG.limitFailed)}
        />
      ),
    },
  ];

  const total = data?.total ?? 0;
  return (
    <Page title={t('admin.nav.referralKeys')}>
      <div className="grid grid-2 align-start">
        <GenerateKeyForm
          onCreated={(key) => {
            setCreated(key);
            setPage(1);
          }}
        />
        {created && <GeneratedKey keyRow={created} />}
      </div>

      <div className="toolbar">
        <SearchField value={search} onChange={setSearch} placeholder={t('admin.keys.searchPlaceholder')} />
        <PageSizeSelect
          value={limit}
          onChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
        />
      </div>
      <Notice text={error ? WEB_MSG.keysLoadFailed : actionError} />
      <DataTable
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => r.id}
        empty={t('admin.keys.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={Math.max(1, Math.ceil(total / limit))} onPage={setPage} />
    </Page>
  );
}
