import { ADMIN_ANNOUNCEMENTS_PAGE_SIZE, type AdminAnnouncement, MSG } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { formatTimestamp } from '../../../components/TradeResult.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { useAnnouncementList } from '../api/list-announcements.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { DeleteAnnouncementDialog } from './DeleteAnnouncementDialog.tsx';

/** The form open: a new announcement (null) or the one being edited. */
type Editing = { announcement: AdminAnnouncement | null } | null;

/**
 * The admin's Announcements: every announcement, drafts included, newest first, 10 a page;
 * New and Edit in a modal, Delete after a confirmation. The public page follows each change.
 */
export function AnnouncementsAdminPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { data, error, isPending } = useAnnouncementList(page);
  const remove = useDeleteAnnouncement();

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ADMIN_ANNOUNCEMENTS_PAGE_SIZE));
  // The last one of the last page was deleted: step back to a page that has some.
  useEffect(() => {
    if (data && data.items.length === 0 && page > pages) setPage(pages);
  }, [data, page, pages]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      setDone(MSG.announcementDeleted);
    } catch (err) {
      setDeleteError(serverMessageOr(err, t('adminAnnouncements.deleteFailed')));
    }
  };

  const columns: Array<Column<AdminAnnouncement>> = [
    {
      key: 'title',
      header: t('adminAnnouncements.title'),
      cell: (a) => (
        <>
          <strong data-testid="announcement-title">{a.title}</strong>
          <p className="muted small announcement-excerpt">{a.body}</p>
        </>
      ),
    },
    {
      key: 'published',
      header: t('adminAnnouncements.published'),
      cell: (a) => (
        <span
          className={`badge ${a.published ? 'badge-green' : 'badge-muted'}`}
          data-testid="announcement-state"
        >
          {a.published ? t('adminAnnouncements.published') : t('adminAnnouncements.draft')}
        </span>
      ),
    },
    { key: 'created', header: t('adminAnnouncements.created'), cell: (a) => formatTimestamp(a.createdAt) },
    { key: 'updated', header: t('adminAnnouncements.updated'), cell: (a) => formatTimestamp(a.updatedAt) },
    {
      key: 'actions',
      header: t('adminAnnouncements.actions'),
      cell: (a) => (
        <div className="row row-tight">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('adminAnnouncements.editOne', { title: a.title })}
            onClick={() => {
              setDone(null);
              setEditing({ announcement: a });
            }}
          >
            {t('adminAnnouncements.edit')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('adminAnnouncements.deleteOne', { title: a.title })}
            onClick={() => {
              setDone(null);
              setDeleteError(null);
              setDeleting(a);
            }}
          >
            {t('adminAnnouncements.delete')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <Page
      title={t('admin.nav.announcements')}
      actions={
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setDone(null);
            setEditing({ announcement: null });
          }}
        >
          {t('adminAnnouncements.add')}
        </button>
      }
    >
      <p className="muted small">
        <Link to="/announcements">{t('adminAnnouncements.publicLink')}</Link>
      </p>
      <Notice text={error ? t('adminAnnouncements.loadFailed') : null} />
      <Notice text={done} tone="success" />
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(a) => a.id}
        empty={t('adminAnnouncements.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={pages} onPage={setPage} compact />

      {editing && (
        <AnnouncementForm
          announcement={editing.announcement}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setDone(MSG.announcementSaved);
          }}
        />
      )}
      {deleting && (
        <DeleteAnnouncementDialog
          announcement={deleting}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
