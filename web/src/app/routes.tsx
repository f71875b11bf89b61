import { DEFAULT_PAIR } from '@app/shared';
import { lazy, type ReactElement, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage, RegisterPage } from '../features/auth/index.ts';
import { MarketPage, type QuickTradeRenderer, TopMarkets, TradePage } from '../features/market/index.ts';
import { NotificationsPage } from '../features/notifications/index.ts';
import { QuickTradeCard } from '../features/trade/index.ts';
import { isAdminUser, isSuperadmin } from '../lib/session/index.ts';
import { RequireAuth } from './guards.tsx';
import { MainLayout } from './layout/MainLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteLoading } from './RouteLoading.tsx';

/** The market pages draw the trade feature's card with their live price (features do not import each other). */
const quickTrade: QuickTradeRenderer = (symbol, price) => <QuickTradeCard symbol={symbol} price={price} />;

/**
 * A page whose code loads with its first visit (React.lazy: the router stays the light
 * declarative one); until it arrives the layouts stay and a loading line stands in its place.
 */
function lazyPage(load: () => Promise<ReactElement>): Pick<RouteObject, 'element'> {
  const Page = lazy(() => load().then((element) => ({ default: () => element })));
  return {
    element: (
      <Suspense fallback={<RouteLoading />}>
        <Page />
      </Suspense>
    ),
  };
}

// The panel's English texts load beside its code (the other languages hold them already).
const admin = () =>
  Promise.all([import('./admin/pages.ts'), import('../i18n/admin-texts.ts')]).then(([pages]) => pages);
// The home and information pages' English texts load beside their code, as the panel's do.
const pageTexts = () => import('../i18n/page-texts.ts');
const home = () => Promise.all([import('../features/home/index.ts'), pageTexts()]).then(([page]) => page);
const info = () => Promise.all([import('../features/info/index.ts'), pageTexts()]).then(([pages]) => pages);
const assets = () => import('../features/assets/index.ts');
const recovery = () => import('../features/account-recovery/pages.ts');
const twoFactor = () => import('../features/two-factor/index.ts');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          {
            path: 'home',
            ...lazyPage(() => home().then((m) => <m.HomePage market={<TopMarkets />} />)),
          },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          // The emailed links open these, signed in or not.
          { path: 'forgot-password', ...lazyPage(() => recovery().then((m) => <m.ForgotPasswordPage />)) },
          { path: 'reset-password', ...lazyPage(() => recovery().then((m) => <m.ResetPasswordPage />)) },
          { path: 'verify-email', ...lazyPage(() => recovery().then((m) => <m.VerifyEmailPage />)) },
          { path: 'market', element: <MarketPage quickTrade={quickTrade} /> },
          { path: 'trade', element: <Navigate to={`/trade/${DEFAULT_PAIR}`} replace /> },
          { path: 'trade/:pair', element: <TradePage quickTrade={quickTrade} /> },
          { path: 'about', ...lazyPage(() => info().then((m) => <m.AboutPage />)) },
          { path: 'announcements', ...lazyPage(() => info().then((m) => <m.AnnouncementsPage />)) },
          { path: 'privacy', ...lazyPage(() => info().then((m) => <m.PrivacyPage />)) },
          { path: 'terms', ...lazyPage(() => info().then((m) => <m.TermsPage />)) },
          { path: 'rules', ...lazyPage(() => info().then((m) => <m.RulesPage />)) },
          { path: 'support', ...lazyPage(() => info().then((m) => <m.SupportPage />)) },
          // One route for the list and a receipt over it, so opening a receipt keeps the list.
          {
            path: 'orders/:id?',
            ...lazyPage(() => import('../features/orders/index.ts').then((m) => <m.OrdersPage />)),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'assets', ...lazyPage(() => assets().then((m) => <m.AssetsPage />)) },
              { path: 'assets/topup', ...lazyPage(() => assets().then((m) => <m.TopupPage />)) },
              { path: 'assets/withdraw', ...lazyPage(() => assets().then((m) => <m.WithdrawPage />)) },
              { path: 'assets/records', ...lazyPage(() => assets().then((m) => <m.RecordsPage />)) },
              {
                path: 'account',
                ...lazyPage(async () => {
                  const [account, activity, tickets, tf, limits] = await Promise.all([
                    import('../features/account/index.ts'),
                    import('../features/account-activity/index.ts'),
                    import('../features/account-tickets/index.ts'),
                    twoFactor(),
                    import('../features/responsible-trading/index.ts'),
                    import('../i18n/limits-texts.ts'),
                  ]);
                  return (
                    <account.AccountPage
                      activity={<activity.AccountActivity />}
                      tickets={<tickets.AccountTickets />}
                      twoFactor={<tf.TwoFactorSection />}
                      responsibleTrading={<limits.ResponsibleTradingSection />}
                    />
                  );
                }),
              },
              // Staff without two-factor sign-in land here after signing in (ADR 0018).
              {
                path: 'two-factor-setup',
                ...lazyPage(() => twoFactor().then((m) => <m.TwoFactorRequiredPage />)),
              },
              // The header's bell imports this feature, so it is in the shell's bundle anyway.
              { path: 'notifications', element: <NotificationsPage /> },
            ],
          },
        ],
      },
      {
        path: 'app-panel',
        element: <RequireAuth allow={isAdminUser} denied="/home" />,
        children: [
          {
            ...lazyPage(() =>
              Promise.all([admin(), twoFactor()]).then(([m, tf]) => (
                <tf.RequireTwoFactor>
                  <m.AdminLayout />
                </tf.RequireTwoFactor>
              )),
            ),
            children: [
              { index: true, element: <Navigate to="/app-panel/dashboard" replace /> },
              { path: 'dashboard', ...lazyPage(() => admin().then((m) => <m.DashboardPage />)) },
              { path: 'users', ...lazyPage(() => admin().then((m) => <m.UsersPage />)) },
              { path: 'coins', ...lazyPage(() => admin().then((m) => <m.CoinsPage />)) },
              { path: 'trade-log', ...lazyPage(() => admin().then((m) => <m.TradeLogPage />)) },
              { path: 'trade-setting', ...lazyPage(() => admin().then((m) => <m.TradeSettingsPage />)) },
              { path: 'risk', ...lazyPage(() => admin().then((m) => <m.RiskPage />)) },
              { path: 'topups', ...lazyPage(() => admin().then((m) => <m.TopupsPage />)) },
              { path: 'withdrawals', ...lazyPage(() => admin().then((m) => <m.WithdrawalsPage />)) },
              { path: 'withdrawals/:id', ...lazyPage(() => admin().then((m) => <m.WithdrawalDetailPage />)) },
              { path: 'referral-keys', ...lazyPage(() => admin().then((m) => <m.ReferralKeysPage />)) },
              { path: 'login-history', ...lazyPage(() => admin().then((m) => <m.LoginHistoryPage />)) },
              { path: 'audit', ...lazyPage(() => admin().then((m) => <m.AuditPage />)) },
              { path: 'announcements', ...lazyPage(() => admin().then((m) => <m.AnnouncementsAdminPage />)) },
              { path: 'support/tickets', ...lazyPage(() => admin().then((m) => <m.TicketsPage />)) },
              {
                path: 'notifications/send',
                ...lazyPage(() => admin().then((m) => <m.SendNotificationsPage />)),
              },
              {
                path: 'super',
                element: <RequireAuth allow={isSuperadmin} denied="/app-panel/dashboard" />,
                children: [
                  { index: true, ...lazyPage(() => admin().then((m) => <m.OverviewPage />)) },
                  {
                    path: 'create-user',
                    ...lazyPage(() => admin().then((m) => <m.CreateAccountPage key="user" kind="user" />)),
                  },
                  {
                    path: 'create-admin',
                    ...lazyPage(() => admin().then((m) => <m.CreateAccountPage key="admin" kind="admin" />)),
                  },
                  { path: 'site-settings', ...lazyPage(() => admin().then((m) => <m.SiteSettingsPage />)) },
                  { path: 'trading-halt', ...lazyPage(() => admin().then((m) => <m.TradingHaltPage />)) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
