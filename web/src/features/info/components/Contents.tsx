import { useTranslation } from 'react-i18next';
import { useHashScroll } from '../lib/hash-scroll.ts';

/**
 * A page's table of contents: a link to each section's #anchor, titled by `{page}.{id}Title`.
 * It also scrolls to the section a link from elsewhere names (/terms#trading, /rules#receipt).
 */
export function Contents({ page, sections }: { page: string; sections: readonly string[] }) {
  const { t } = useTranslation();
  useHashScroll();
  return (
    <nav aria-label={t(`${page}.contents`)} className="toc">
      <ol>
        {sections.map((s) => (
          <li key={s}>
            <a href={`#${s}`}>{t(`${page}.${s}Title`)}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
