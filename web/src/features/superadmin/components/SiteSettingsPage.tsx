import { check, DEFAULT_CURRENCY, MSG, siteSettingsUpdateSchema } from '@app/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSite } from '../../../lib/site.ts';
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
  const { mutateAsync: run, isPending: pending } = useSaveSiteSettings();
  const setBrand = useSite((s) => s.setBrand);
  const [form, setForm] = useState({ title: '', currency: DEFAULT_CURRENCY, logoUrl: '', faviconUrl: '' });
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (!data) return;
    const s = data.settings;
    setForm({
      title: s.title,
      currency: s.currency || DEFAULT_CURRENCY,
      logoUrl: s.logoUrl,
      faviconUrl: s.faviconUrl,
    });
  }, [data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(siteSettingsUpdateSchema, form);
    if (!valid.ok) {
      setNotice({ text: valid.message, tone: 'error' });
      return;
    }
    setNotice(null);
    try {
      const { settings } = await run(valid.data);
      // The header, the tab title and the tab icon follow at once.
      setBrand({ title: settings.title, logoUrl: settings.logoUrl, faviconUrl: settings.faviconUrl });
      setNotice({ text: MSG.settingsSaved, tone: 'success' });
    } catch {
      setNotice({ text: WEB_MSG.settingsSaveFailed, tone: 'error' });
    }
  };

  return (
    <Page title={t('admin.nav.siteSettings')}>
      {error ? <Notice text={WEB_MSG.settingsLoadFailed} /> : null}
      <form className="card form form-narrow" onSubmit={submit} noValidate>
        <Field
          label={t('admin.site.title')}
          value={form.title}
          onChange={set('title')}
          maxLength={80}
          disabled={pending || loading}
        />
        <Field
          label={t('admin.site.currency')}
          value={form.currency}
          onChange={set('currency')}
          disabled={pending || loading}
        />
        <Field
          label={t('admin.site.logoUrl')}
          type="url"
          value={form.logoUrl}
          onChange={set('logoUrl')}
          disabled={pending || loading}
        />
        <Field
          label={t('admin.site.faviconUrl')}
          type="url"
          value={form.faviconUrl}
          onChange={set('faviconUrl')}
          disabled={pending || loading}
        />
        <div className="row previews">
          <Preview url={form.logoUrl.trim()} label={t('admin.site.logoPreview')} className="preview-logo" />
          <Preview
            url={form.faviconUrl.trim()}
            label={t('admin.site.faviconPreview')}
            className="preview-favicon"
          />
        </div>
        <Notice text={notice?.text} tone={notice?.tone} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={pending || loading}>
            {pending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Page>
  );
}
