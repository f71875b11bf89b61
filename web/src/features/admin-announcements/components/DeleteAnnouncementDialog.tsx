import type { AdminAnnouncement } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';

/** The confirmation before a delete; a refusal from the server shows here. */
export function DeleteAnnouncementDialog({
  announcement,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  announcement: AdminAnnouncement;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal label={t('adminAnnouncements.deleteTitle')} onClose={onClose} closable={!pending}>
      <p>{t('adminAnnouncements.deleteConfirm', { title: announcement.title })}</p>
      <Notice text={error} />
      <div className="row">
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {t('adminAnnouncements.delete')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
