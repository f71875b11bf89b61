import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/site.ts';
import { LoginForm } from './LoginForm.tsx';

/** Where the route guard came from, if it sent the visitor here. */
export function originOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login')) return from;
  }
  return null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(t('auth.loginTitle'));
  const from = originOf(location.state);

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>{t('auth.loginTitle')}</h1>
        <p className="muted">{t('auth.loginIntro')}</p>
        <LoginForm
          onSuccess={() => navigate(from ?? '/home', { replace: true })}
          switchTo={
            <Link to="/register" state={location.state}>
              {t('auth.toRegister')}
            </Link>
          }
        />
      </div>
    </section>
  );
}
