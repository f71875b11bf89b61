import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';
import { useSite } from '../../../lib/site.ts';

export function AboutPage() {
  const { t } = useTranslation();
  const title = useSite((s) => s.title);
  return (
    <Page title={t('about.title')} className="prose">
      <p>{t('about.p1', { title })}</p>
      <p>{t('about.p2')}</p>
      <p>{t('about.p3')}</p>
    </Page>
  );
}
