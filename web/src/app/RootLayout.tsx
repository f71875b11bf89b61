import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { InstallModal } from '../components/InstallModal.tsx';
import { LanguageModal } from '../components/LanguageModal.tsx';
import { SessionEndedNotice } from '../components/SessionEndedNotice.tsx';
import { AuthModals } from '../features/auth/index.ts';
import { useSession, useVisitReward } from '../lib/session/index.ts';
import { useSiteLoader } from '../lib/site.ts';
import { startRealtime } from '../lib/socket.ts';
import { useDialogs } from './stores/dialogs.ts';

function GlobalDialogs() {
  const dialog = useDialogs((s) => s.dialog);
  const close = useDialogs((s) => s.close);
  if (dialog === 'language') return <LanguageModal onClose={close} />;
  if (dialog === 'install') return <InstallModal onClose={close} />;
  return null;
}

/** Session check, site brand, visit reward, the live connection and the app-wide dialogs around every route. */
export function RootLayout() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const bootstrap = useSession((s) => s.bootstrap);
  useSiteLoader();
  useVisitReward();

  useEffect(() => {
    if (useSession.getState().status === 'loading') void bootstrap();
  }, [bootstrap]);

  // The live connection starts once the stored token has been checked.
  useEffect(() => {
    if (status === 'ready') startRealtime();
  }, [status]);

  if (status === 'loading') {
    return (
      <div className="page-loading" role="status">
        {t('common.loading')}
      </div>
    );
  }
  return (
    <>
      <SessionEndedNotice />
      <Outlet />
      <AuthModals />
      <GlobalDialogs />
    </>
  );
}
