import {
  type AdminAnnouncement,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementInputSchema,
} from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { useSaveAnnouncement } from '../api/save-announcement.ts';

type Values = { title: string; body: string; published: boolean };

const valuesOf = (a: AdminAnnouncement | null): Values => ({
  title: a?.title ?? '',
  body: a?.body ?? '',
  published: a?.published ?? true,
});

/** New announcement / Edit: a title, a text and whether the public page shows it. */
export function AnnouncementForm({
  announcement,
  onSaved,
  onClose,
}: {
  /** null: a new announcement. */
  announcement: AdminAnnouncement | null;
  onSaved: (saved: AdminAnnouncement) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = useId();
  const publishedId = useId();
  const save = useSaveAnnouncement();
  const { control, register, handleSubmit, setError, formState } = useSchemaForm(
    announcementInputSchema,
    valuesOf(announcement),
  );
  const pending = save.isPending;
  const message = formMessage(formState.errors);

  const submit = handleSubmit(async (body) => {
    try {
      const { announcement: saved } = await save.mutateAsync({ id: announcement?.id ?? null, body });
      onSaved(saved);
    } catch (error) {
      setError('root.server', serverError(error, t('adminAnnouncements.saveFailed')));
    }
  });

  const title = announcement ? t('adminAnnouncements.editTitle') : t('adminAnnouncements.addTitle');
  return (
    <Modal label={title} onClose={onClose} closable={!pending} size="md">
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        <FormField
          control={control}
          name="title"
          label={t('adminAnnouncements.title')}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          disabled={pending}
        />
        <div className="field">
          <label htmlFor={bodyId}>{t('adminAnnouncements.body')}</label>
          <textarea
            id={bodyId}
            rows={8}
            maxLength={ANNOUNCEMENT_BODY_MAX}
            aria-invalid={formState.errors.body ? true : undefined}
            {...register('body')}
            disabled={pending}
          />
        </div>
        <div className="row row-tight">
          <input id={publishedId} type="checkbox" {...register('published')} disabled={pending} />
          <label htmlFor={publishedId}>{t('adminAnnouncements.publishedLabel')}</label>
        </div>
        <Notice text={message} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t('common.saving') : t('common.save')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
