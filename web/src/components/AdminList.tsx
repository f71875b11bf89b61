import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../lib/api.ts';
import { showToast } from '../lib/toast.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { Modal } from './Modal.tsx';
import { Notice } from './Notice.tsx';
import { Page } from './Page.tsx';
import { Pager } from './Pager.tsx';

/**
 * The admin list screens (coins, announcements, trade settings): a list with Edit and Delete on
 * each row, Add in the page head, the form in a modal and a confirmation before a delete. The
 * screen gives its rows, columns, form and texts; this file gives the rest.
 */

/** What a list screen has open: the form (a new item, or the item edited), a delete to confirm. */
export type AdminList<Item> = {
  editing: { item: Item | null } | null;
  deleting: Item | null;
  deleteError: string | null;
  add: () => void;
  edit: (item: Item) => void;
  askDelete: (item: Item) => void;
  closeForm: () => void;
  /** The form saved: it closes, with `message` as the toast when there is one. */
  saved: (message?: string) => void;
  closeDelete: () => void;
  confirmDelete: () => Promise<void>;
};

/**
 * The state of a list screen. `remove` deletes an item; on success the confirmation closes with
 * `deleted` as the toast, on failure it stays open with the server's message (or `deleteFailed`).
 */
export function useAdminList<Item>(
  remove: (item: Item) => Promise<unknown>,
  messages: { deleted?: string; deleteFailed: string },
): AdminList<Item> {
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const open = (item: Item | null) => setEditing({ item });
  return {
    editing,
    deleting,
    deleteError,
    add: () => open(null),
    edit: open,
    askDelete: (item) => {
      setDeleteError(null);
      setDeleting(item);
    },
    closeForm: () => setEditing(null),
    saved: (message) => {
      setEditing(null);
      if (message) showToast(message);
    },
    closeDelete: () => setDeleting(null),
    confirmDelete: async () => {
      if (!deleting) return;
      setDeleteError(null);
      try {
        await remove(deleting);
        setDeleting(null);
        if (messages.deleted) showToast(messages.deleted);
      } catch (err) {
        setDeleteError(serverMessageOr(err, messages.deleteFailed));
      }
    },
  };
}

/** The last item of the last page went: step back to the last page that has items. */
export function useLastPageInRange(
  page: number,
  pages: number,
  empty: boolean,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (empty && page > pages) setPage(pages);
  }, [empty, page, pages, setPage]);
}

/** The confirmation before a delete; a refusal from the server shows in it. */
export function ConfirmDelete({
  title,
  confirm,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  /** The button that deletes. */
  confirm: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal label={title} onClose={onClose} closable={!pending}>
      {children}
      <Notice text={error} />
      <div className="row">
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

type AdminListPageProps<Item> = {
  /** The i18n namespace with the screen's `add`, `actions`, `edit`, `delete` and `deleteTitle`. */
  ns: string;
  title: string;
  list: AdminList<Item>;
  columns: Array<Column<Item>>;
  rows: Item[];
  rowKey: (item: Item) => string;
  /** The accessible names of a row's Edit and Delete buttons. */
  editLabel: (item: Item) => string;
  deleteLabel: (item: Item) => string;
  empty: string;
  loading: boolean;
  loadError: string | null;
  /** Page and pages, for a paged list. */
  pager?: { page: number; pages: number; onPage: (page: number) => void };
  /** The form, for a new item (null) or the one edited. */
  form: (item: Item | null) => ReactNode;
  /** What the confirmation asks. */
  confirmText: (item: Item) => ReactNode;
  deleting: boolean;
  /** Above the table: an introduction, a search. */
  children?: ReactNode;
};

/** An admin list screen: Add, the table with Edit and Delete per row, the form and the confirmation. */
export function AdminListPage<Item>({
  ns,
  title,
  list,
  columns,
  rows,
  rowKey,
  editLabel,
  deleteLabel,
  empty,
  loading,
  loadError,
  pager,
  form,
  confirmText,
  deleting,
  children,
}: AdminListPageProps<Item>) {
  const { t } = useTranslation();
  const actions: Column<Item> = {
    key: 'actions',
    header: t(`${ns}.actions`),
    cell: (item) => (
      <div className="row row-tight">
        {(
          [
            ['edit', editLabel(item), () => list.edit(item)],
            ['delete', deleteLabel(item), () => list.askDelete(item)],
          ] as const
        ).map(([action, label, onClick]) => (
          <button
            key={action}
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={label}
            onClick={onClick}
          >
            {t(`${ns}.${action}`)}
          </button>
        ))}
      </div>
    ),
  };
  return (
    <Page
      title={title}
      actions={
        <button type="button" className="btn btn-primary" onClick={list.add}>
          {t(`${ns}.add`)}
        </button>
      }
    >
      {children}
      <Notice text={loadError} />
      <DataTable
        columns={[...columns, actions]}
        rows={rows}
        rowKey={rowKey}
        empty={empty}
        loading={loading}
        loadingText={t('common.loading')}
      />
      {pager && <Pager {...pager} compact />}
      {list.editing && form(list.editing.item)}
      {list.deleting && (
        <ConfirmDelete
          title={t(`${ns}.deleteTitle`)}
          confirm={t(`${ns}.delete`)}
          pending={deleting}
          error={list.deleteError}
          onConfirm={() => void list.confirmDelete()}
          onClose={list.closeDelete}
        >
          {confirmText(list.deleting)}
        </ConfirmDelete>
      )}
    </Page>
  );
}
