export { CreateAccountPage } from './components/CreateAccountPage.tsx';
export { OverviewPage } from './components/OverviewPage.tsx';
export { SiteSettingsPage } from './components/SiteSettingsPage.tsx';
export { TradingHaltPage } from './components/TradingHaltPage.tsx';
