// The admin panel as one lazily loaded group: the first visit to /app-panel loads its layout
// and pages together, and nothing of it is in the bundle a trader downloads.
export { AnnouncementsAdminPage } from '../../features/admin-announcements/index.ts';
export { AuditPage } from '../../features/admin-audit/index.ts';
export { SendNotificationsPage } from '../../features/admin-broadcast/index.ts';
export { CoinsPage } from '../../features/admin-coins/index.ts';
export { DashboardPage } from '../../features/admin-dashboard/index.ts';
export { RiskPage } from '../../features/admin-risk/index.ts';
export { TicketsPage } from '../../features/admin-tickets/index.ts';
export { TopupsPage } from '../../features/admin-topups/index.ts';
export { TradeLogPage } from '../../features/admin-trade-log/index.ts';
export { TradeSettingsPage } from '../../features/admin-trade-settings/index.ts';
export { UsersPage } from '../../features/admin-users/index.ts';
export { WithdrawalDetailPage, WithdrawalsPage } from '../../features/admin-withdrawals/index.ts';
export { LoginHistoryPage } from '../../features/login-history/index.ts';
export { ReferralKeysPage } from '../../features/referral-keys/index.ts';
export {
  CreateAccountPage,
  OverviewPage,
  SiteSettingsPage,
  TradingHaltPage,
} from '../../features/superadmin/index.ts';
export { AdminLayout } from './AdminLayout.tsx';
