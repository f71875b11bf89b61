import { MSG } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMessage } from '../../../i18n/index.ts';
import { serverMessageOr } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useResendVerification } from '../api/account-links.ts';

/**
 * Until the signed-in user's address is verified: a line asking them to open the emailed link,
 * with "Resend". Dismissed, it stays away on this page only; the next page shows it again.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const translate = useMessage();
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const [dismissedOn, setDismissedOn] = useState<string | null>(null);
  const resend = useResendVerification();

  if (!user || user.emailVerified || dismissedOn === pathname) return null;
  const answer =
    resend.data?.message ?? (resend.error ? serverMessageOr(resend.error, MSG.serverError) : null);

  return (
    <div className="feed-banner verify-banner" role="status" data-testid="verify-email-banner">
      <span>{answer ? translate(answer) : t('auth.verifyBanner')}</span>
      {!resend.isSuccess && (
        <button
          type="button"
          className="btn btn-sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? t('auth.resendingVerification') : t('auth.resendVerification')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        aria-label={t('auth.dismissBanner')}
        onClick={() => setDismissedOn(pathname)}
      >
        ×
      </button>
    </div>
  );
}
