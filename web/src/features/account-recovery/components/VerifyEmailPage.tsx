import { MSG } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session/index.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { useVerifyEmail } from '../api/account-links.ts';

/** The emailed verification link's page: verifies on opening, signed in or not. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.verifyTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const refresh = useSession((s) => s.refresh);
  const { mutate, data, error, isPending, isIdle } = useVerifyEmail();
  // A token works once: a second effect run (React's strict mode) must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token }, { onSuccess: () => void refresh() });
  }, [mutate, refresh, token]);

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>{t('auth.verifyTitle')}</h1>
        {(isPending || isIdle) && <p className="muted">{t('auth.verifying')}</p>}
        {data && <Notice tone="success" text={data.message} />}
        {error && <Notice text={serverMessageOr(error, MSG.verifyLinkInvalid)} />}
        <p className="form-switch">
          <Link to="/home">{t('nav.home')}</Link>
        </p>
      </div>
    </section>
  );
}
