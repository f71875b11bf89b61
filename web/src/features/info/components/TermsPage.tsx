import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/Page.tsx';
import { Contents } from './Contents.tsx';

/** The anchors #accounts, #trading and #liability are linked from elsewhere. */
const SECTIONS = ['accounts', 'trading', 'liability'] as const;

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('terms.title')} className="prose">
      <p>{t('terms.intro')}</p>
      <Contents page="terms" sections={SECTIONS} />
      {SECTIONS.map((s) => (
        <section key={s} id={s}>
          <h2>{t(`terms.${s}Title`)}</h2>
          <p>{t(`terms.${s}Text`)}</p>
          {s === 'trading' && (
            <p>
              <Link to="/rules">{t('rules.linkLabel')}</Link>
            </p>
          )}
        </section>
      ))}
    </Page>
  );
}
