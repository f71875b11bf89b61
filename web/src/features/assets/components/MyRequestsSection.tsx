import type { WalletRequestStatus } from '@app/shared';
import type { ReactNode } from 'react';
import { Notice } from '../../../components/Notice.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import { StatusFilterSelect } from '../../../components/StatusFilterSelect.tsx';
import type { MyRequests } from '../lib/use-my-requests.ts';

/** The frame of My Top-ups and My Withdrawals: title and status filter, the error, the list, the pager. */
export function MyRequestsSection<T extends { id: string; status: WalletRequestStatus }>({
  titleId,
  title,
  failed,
  requests,
  children,
}: {
  titleId: string;
  title: string;
  /** The message shown when the list cannot be loaded. */
  failed: string;
  requests: MyRequests<T>;
  children: ReactNode;
}) {
  const { page, setPage, status, filter, list } = requests;
  return (
    <section className="section" aria-labelledby={titleId}>
      <header className="section-head wl-list-head">
        <h2 id={titleId}>{title}</h2>
        <StatusFilterSelect words="wallet" value={status} onChange={filter} />
      </header>
      {list.error && <Notice text={failed} />}
      {children}
      {list.data && <Pager page={page} pages={pagesOf(list.data.pagination)} onPage={setPage} />}
    </section>
  );
}
