import { useTranslation } from 'react-i18next';

/**
 * What a page's place in the layout shows while its code loads on the first visit: the header,
 * navigation and footer stay, so nothing jumps when the page arrives.
 */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <section className="page route-loading" aria-busy="true">
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    </section>
  );
}
