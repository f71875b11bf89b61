import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FeedBanner } from '../../components/FeedBanner.tsx';
import { VerifyEmailBanner } from '../../features/account-recovery/index.ts';
import { useIsMobile } from '../../lib/media.ts';
import { useSheet } from '../stores/sheet.ts';
import { BottomNav } from './BottomNav.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Sheets } from './Sheets.tsx';

export function MainLayout() {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const closeSheet = useSheet((s) => s.close);

  useEffect(() => {
    closeSheet();
    document.documentElement.scrollTop = 0;
  }, [pathname, closeSheet]);

  return (
    <div className={`app-shell ${mobile ? 'is-mobile' : ''}`}>
      <Header />
      <FeedBanner />
      <VerifyEmailBanner />
      <main className="main" id="main">
        <Outlet />
      </main>
      <Footer />
      {mobile && (
        <>
          <BottomNav />
          <Sheets />
        </>
      )}
    </div>
  );
}
