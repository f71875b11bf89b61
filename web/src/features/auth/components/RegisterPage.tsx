import { TIMINGS } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/site.ts';
import { RegisterForm } from './lazy-forms.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const timer = useRef<number | undefined>(undefined);
  usePageTitle(t('auth.registerTitle'));
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>{t('auth.registerTitle')}</h1>
        <p className="muted">{t('auth.registerIntro')}</p>
        <RegisterForm
          initialReferral={params.get('ref') ?? ''}
          onSuccess={() => {
            timer.current = window.setTimeout(() => navigate('/account'), TIMINGS.signupRedirectMs);
          }}
          switchTo={<Link to="/login">{t('auth.toLogin')}</Link>}
        />
      </div>
    </section>
  );
}
