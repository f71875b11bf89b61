import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/Page.tsx';
import { useHashScroll } from '../lib/hash-scroll.ts';

/** The anchors #accounts, #trading and #liability are linked from elsewhere. */
const SECTIONS = ['accounts', 'trading', 'liability'] as const;

export function TermsPage() {
  const { t } = useTranslation();
  useHashScroll();
  return (
    <Page title={t('terms.title')} className="prose">
      <p>{t('terms.intro')}</p>
      <nav aria-label={t('terms.contents')} className="toc">
        <ol>
          {SECTIONS.map((s) => (
            <li key={s}>
              <a href={`#${s}`}>{t(`terms.${s}Title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
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
