import { DEFAULT_PAIR } from '@app/shared';
import { Navigate, type RouteObject } from 'react-router';
import { AccountPage } from '../features/account/index.ts';
import { AccountActivity } from '../features/account-activity/index.ts';
import { AccountTickets } from '../features/account-tickets/index.ts';
import { AnnouncementsAdminPage } from '../features/admin-announcements/index.ts';
import { AuditPage } from '../features/admin-audit/index.ts';
import { SendNotificationsPage } from '../features/admin-broadcast/index.ts';
import { CoinsPage } from '../features/admin-coins/index.ts';
import { DashboardPage } from '../features/admin-dashboard/index.ts';
import { RiskPage } from '../features/admin-risk/index.ts';
import { TicketsPage } from '../features/admin-tickets/index.ts';
import { TopupsPage } from '../features/admin-topups/index.ts';
import { TradeLogPage } from '../features/admin-trade-log/index.ts';
import { TradeSettingsPage } from '../features/admin-trade-settings/index.ts';
import { UsersPage } from '../features/admin-users/index.ts';
import { WithdrawalDetailPage, WithdrawalsPage } from '../features/admin-withdrawals/index.ts';
import { AssetsPage, RecordsPage, TopupPage, WithdrawPage } from '../features/assets/index.ts';
import { LoginPage, RegisterPage } from '../features/auth/index.ts';
import { HomePage } from '../features/home/index.ts';
import {
  AboutPage,
  AnnouncementsPage,
  PrivacyPage,
  RulesPage,
  SupportPage,
  TermsPage,
} from '../features/info/index.ts';
import { LoginHistoryPage } from '../features/login-history/index.ts';
import { MarketPage, type QuickTradeRenderer, TopMarkets, TradePage } from '../features/market/index.ts';
import { NotificationsPage } from '../features/notifications/index.ts';
import { OrdersPage } from '../features/orders/index.ts';
import { ReferralKeysPage } from '../features/referral-keys/index.ts';
import { CreateAccountPage, OverviewPage, SiteSettingsPage } from '../features/superadmin/index.ts';
import { QuickTradeCard } from '../features/trade/index.ts';
import { isAdminUser, isSuperadmin } from '../lib/session/index.ts';
import { AdminLayout } from './admin/AdminLayout.tsx';
import { RequireAuth } from './guards.tsx';
import { MainLayout } from './layout/MainLayout.tsx';
import { RootLayout } from './RootLayout.tsx';

/** The market pages draw the trade feature's card with their live price (features do not import each other). */
const quickTrade: QuickTradeRenderer = (symbol, price) => <QuickTradeCard symbol={symbol} price={price} />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', element: <HomePage market={<TopMarkets />} /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'market', element: <MarketPage quickTrade={quickTrade} /> },
          { path: 'trade', element: <Navigate to={`/trade/${DEFAULT_PAIR}`} replace /> },
          { path: 'trade/:pair', element: <TradePage quickTrade={quickTrade} /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'announcements', element: <AnnouncementsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'rules', element: <RulesPage /> },
          { path: 'support', element: <SupportPage /> },
          // One route for the list and a receipt over it, so opening a receipt keeps the list.
          { path: 'orders/:id?', element: <OrdersPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'assets', element: <AssetsPage /> },
              { path: 'assets/topup', element: <TopupPage /> },
              { path: 'assets/withdraw', element: <WithdrawPage /> },
              { path: 'assets/records', element: <RecordsPage /> },
              {
                path: 'account',
                element: <AccountPage activity={<AccountActivity />} tickets={<AccountTickets />} />,
              },
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
            element: <AdminLayout />,
            children: [
              { index: true, element: <Navigate to="/app-panel/dashboard" replace /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'users', element: <UsersPage /> },
              { path: 'coins', element: <CoinsPage /> },
              { path: 'trade-log', element: <TradeLogPage /> },
              { path: 'trade-setting', element: <TradeSettingsPage /> },
              { path: 'risk', element: <RiskPage /> },
              { path: 'topups', element: <TopupsPage /> },
              { path: 'withdrawals', element: <WithdrawalsPage /> },
              { path: 'withdrawals/:id', element: <WithdrawalDetailPage /> },
              { path: 'referral-keys', element: <ReferralKeysPage /> },
              { path: 'login-history', element: <LoginHistoryPage /> },
              { path: 'audit', element: <AuditPage /> },
              { path: 'announcements', element: <AnnouncementsAdminPage /> },
              { path: 'support/tickets', element: <TicketsPage /> },
              { path: 'notifications/send', element: <SendNotificationsPage /> },
              {
                path: 'super',
                element: <RequireAuth allow={isSuperadmin} denied="/app-panel/dashboard" />,
                children: [
                  { index: true, element: <OverviewPage /> },
                  { path: 'create-user', element: <CreateAccountPage key="user" kind="user" /> },
                  { path: 'create-admin', element: <CreateAccountPage key="admin" kind="admin" /> },
                  { path: 'site-settings', element: <SiteSettingsPage /> },
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
