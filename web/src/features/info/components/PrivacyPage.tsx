import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';

const SECTIONS = ['data', 'use', 'rights'] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('privacy.title')} className="prose">
      <p>{t('privacy.intro')}</p>
      {SECTIONS.map((s) => (
        <section key={s}>
          <h2>{t(`privacy.${s}Title`)}</h2>
          <p>{t(`privacy.${s}Text`)}</p>
        </section>
      ))}
    </Page>
  );
}
