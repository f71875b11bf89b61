import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Notice } from '../../../components/Notice.tsx';
import { usePageTitle } from '../../../lib/site.ts';
import { LoginForm } from './lazy-forms.tsx';

/** Where the route guard came from, if it sent the visitor here. */
export function originOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login')) return from;
  }
  return null;
}

/** A message the page that sent the visitor here asked to show (e.g. "Please log in to trade."). */
export function noticeOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'notice' in state) {
    const notice = (state as { notice: unknown }).notice;
    if (typeof notice === 'string' && notice.trim()) return notice;
  }
  return null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(t('auth.loginTitle'));
  const from = originOf(location.state);
  const notice = noticeOf(location.state);

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>{t('auth.loginTitle')}</h1>
        <p className="muted">{t('auth.loginIntro')}</p>
        <Notice tone="info" text={notice} />
        <LoginForm
          onSuccess={(next) => navigate(next ?? from ?? '/home', { replace: true })}
          switchTo={
            <Link to="/register" state={location.state}>
              {t('auth.toRegister')}
            </Link>
          }
        />
        <p className="form-switch">
          <Link to="/forgot-password">{t('auth.forgotLink')}</Link>
        </p>
      </div>
    </section>
  );
}
