import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageModal } from '../components/LanguageModal.tsx';
import { SessionEndedNotice } from '../components/SessionEndedNotice.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { AuthModals } from '../features/auth/index.ts';
import { useDisclosure } from '../lib/disclosure.ts';
import { useSession, useVisitReward } from '../lib/session/index.ts';
import { useSiteLoader } from '../lib/site.ts';
import { startRealtime } from '../lib/socket.ts';
import { useDialogs } from './stores/dialogs.ts';

// Dialogs opened by a click or a refusal: their code loads when they open.
const InstallModal = lazy(() =>
  import('../components/InstallModal.tsx').then((m) => ({ default: m.InstallModal })),
);
const DisclosureDialog = lazy(() =>
  import('../components/DisclosureDialog.tsx').then((m) => ({ default: m.DisclosureDialog })),
);

/** The risk disclosure, when a refusal asks for it (lib/disclosure.ts); its code loads then. */
function Disclosure() {
  const open = useDisclosure((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DisclosureDialog />
    </Suspense>
  );
}

function GlobalDialogs() {
  const dialog = useDialogs((s) => s.dialog);
  const close = useDialogs((s) => s.close);
  if (dialog === 'language') return <LanguageModal onClose={close} />;
  if (dialog === 'install') {
    return (
      <Suspense fallback={null}>
        <InstallModal onClose={close} />
      </Suspense>
    );
  }
  return null;
}

/**
 * The first stop of the Tab key on every page: moves focus past the header and navigation to
 * the page's `<main id="main">` (the main and admin layouts both have one).
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main for every assistive technology; the click moves focus there and leaves the router's URL alone
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}

/** Session check, site brand, visit reward, the live connection, the app-wide dialogs and the toast around every route. */
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
      <SkipLink />
      <SessionEndedNotice />
      <Outlet />
      <AuthModals />
      <GlobalDialogs />
      <Disclosure />
      <Toaster />
    </>
  );
}
