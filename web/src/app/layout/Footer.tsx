import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../lib/site.ts';

export function Footer() {
  const { t } = useTranslation();
  const title = useSite((s) => s.title);
  return (
    <footer className="site-footer">
      <nav className="footer-links">
        <Link to="/about">{t('footer.about')}</Link>
        <Link to="/announcements">{t('footer.announcement')}</Link>
        <Link to="/privacy">{t('footer.privacy')}</Link>
        <Link to="/terms">{t('footer.terms')}</Link>
        <Link to="/support">{t('footer.support')}</Link>
      </nav>
      <p className="muted small">{t('footer.risk')}</p>
      <p className="muted small">{t('footer.rights', { year: new Date().getFullYear(), title })}</p>
    </footer>
  );
}
