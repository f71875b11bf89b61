import type { Pagination } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusFilter } from '../lib/status-filter.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { Notice } from './Notice.tsx';
import { Pager, pagesOf } from './Pager.tsx';
import { StatusFilterSelect } from './StatusFilterSelect.tsx';

interface Props<Row extends { id: string }> {
  /** The status filter and the page, as the URL has them. */
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  page: number;
  onPage: (page: number) => void;
  /** More controls after the filter (a search, a Refresh button). */
  tools?: ReactNode;
  /** The page as loaded: a list that cannot be loaded shows as empty. */
  list: { data: { items: Row[]; pagination: Pagination } | undefined; error: unknown; isPending: boolean };
  /** Why the list failed, or an action's error. */
  notice: string | null;
  columns: Array<Column<Row>>;
  empty: string;
}

/**
 * An admin list of top-up or withdrawal requests: the status filter (and `tools`), the error,
 * the table and Prev / Next.
 */
export function RequestTable<Row extends { id: string }>({
  status,
  onStatus,
  page,
  onPage,
  tools,
  list,
  notice,
  columns,
  empty,
}: Props<Row>) {
  const { t } = useTranslation();
  const { data, error, isPending } = list;
  return (
    <>
      <div className="toolbar">
        <StatusFilterSelect words="adminWallet" value={status} onChange={onStatus} />
        {tools}
      </div>
      <Notice text={notice} />
      <DataTable
        columns={columns}
        rows={error ? [] : (data?.items ?? [])}
        rowKey={(row) => row.id}
        empty={empty}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager compact page={page} pages={pagesOf(data?.pagination)} onPage={onPage} />
    </>
  );
}
