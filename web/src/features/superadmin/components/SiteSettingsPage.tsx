import { DEFAULT_CURRENCY, MSG, siteSettingsUpdateSchema } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { formMessage, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSite } from '../../../lib/site.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSiteSettings } from '../api/get-site-settings.ts';
import { useSaveSiteSettings } from '../api/save-site-settings.ts';

function Preview({ url, label, className }: { url: string; label: string; className: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  return (
    <figure className="preview">
      <figcaption className="muted small">{label}</figcaption>
      {url && !broken ? (
        <img src={url} alt={label} className={className} onError={() => setBroken(true)} />
      ) : (
        <span className="preview-empty">{t('admin.site.noImage')}</span>
      )}
    </figure>
  );
}

export function SiteSettingsPage() {
  const { t } = useTranslation();
  const { data, error, isPending: loading } = useSiteSettings();
  const { mutateAsync: save, isPending: pending } = useSaveSiteSettings();
  const setBrand = useSite((s) => s.setBrand);
  const empty = { title: '', currency: DEFAULT_CURRENCY, logoUrl: '', faviconUrl: '' };
  const { control, handleSubmit, setError, formState, reset, watch } = useSchemaForm(
    siteSettingsUpdateSchema,
    empty,
  );
  useEffect(() => {
    if (!data) return;
    const s = data.settings;
    reset({
      title: s.title,
      currency: s.currency || DEFAULT_CURRENCY,
      logoUrl: s.logoUrl,
      faviconUrl: s.faviconUrl,
    });
  }, [data]);

  const submit = handleSubmit(async (body) => {
    try {
      const { settings } = await save(body);
      // The header, the tab title and the tab icon follow at once.
      setBrand({ title: settings.title, logoUrl: settings.logoUrl, faviconUrl: settings.faviconUrl });
      showToast(MSG.settingsSaved);
    } catch {
      setError('root.server', { type: 'server', message: WEB_MSG.settingsSaveFailed });
    }
  });
  const message = formMessage(formState.errors);
  const [logoUrl, faviconUrl] = watch(['logoUrl', 'faviconUrl']);

  return (
    <Page title={t('admin.nav.siteSettings')}>
      {error ? <Notice text={WEB_MSG.settingsLoadFailed} /> : null}
      <form className="card form form-narrow" onSubmit={submit} noValidate>
        <FormField
          control={control}
          name="title"
          label={t('admin.site.title')}
          maxLength={80}
          disabled={pending || loading}
        />
        <FormField
          control={control}
          name="currency"
          label={t('admin.site.currency')}
          disabled={pending || loading}
        />
        <FormField
          control={control}
          name="logoUrl"
          label={t('admin.site.logoUrl')}
          type="url"
          disabled={pending || loading}
        />
        <FormField
          control={control}
          name="faviconUrl"
          label={t('admin.site.faviconUrl')}
          type="url"
          disabled={pending || loading}
        />
        <div className="row previews">
          <Preview url={logoUrl.trim()} label={t('admin.site.logoPreview')} className="preview-logo" />
          <Preview
            url={faviconUrl.trim()}
            label={t('admin.site.faviconPreview')}
            className="preview-favicon"
          />
        </div>
        <Notice text={message} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={pending || loading}>
            {pending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Page>
  );
}
