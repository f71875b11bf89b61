import { ADMIN_ANNOUNCEMENTS_PAGE_SIZE, type AdminAnnouncement, MSG } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminListPage, useAdminList, useLastPageInRange } from '../../../components/AdminList.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { formatTimestamp } from '../../../components/TradeResult.tsx';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { useAnnouncementList } from '../api/list-announcements.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';

/**
 * The admin's Announcements: every announcement, drafts included, newest first, 10 a page;
 * New and Edit in a modal, Delete after a confirmation. The public page follows each change.
 */
export function AnnouncementsAdminPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useAnnouncementList(page);
  const remove = useDeleteAnnouncement();
  const list = useAdminList<AdminAnnouncement>((a) => remove.mutateAsync(a.id), {
    deleted: MSG.announcementDeleted,
    deleteFailed: t('adminAnnouncements.deleteFailed'),
  });

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ADMIN_ANNOUNCEMENTS_PAGE_SIZE));
  useLastPageInRange(page, pages, data?.items.length === 0, setPage);

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
  ];

  return (
    <AdminListPage
      ns="adminAnnouncements"
      title={t('admin.nav.announcements')}
      list={list}
      columns={columns}
      rows={data?.items ?? []}
      rowKey={(a) => a.id}
      editLabel={(a) => t('adminAnnouncements.editOne', { title: a.title })}
      deleteLabel={(a) => t('adminAnnouncements.deleteOne', { title: a.title })}
      empty={t('adminAnnouncements.empty')}
      loading={isPending}
      loadError={error ? t('adminAnnouncements.loadFailed') : null}
      pager={{ page, pages, onPage: setPage }}
      form={(announcement) => (
        <AnnouncementForm
          announcement={announcement}
          onClose={list.closeForm}
          onSaved={() => list.saved(MSG.announcementSaved)}
        />
      )}
      confirmText={(a) => <p>{t('adminAnnouncements.deleteConfirm', { title: a.title })}</p>}
      deleting={remove.isPending}
    >
      <p className="muted small">
        <Link to="/announcements">{t('adminAnnouncements.publicLink')}</Link>
      </p>
    </AdminListPage>
  );
}
