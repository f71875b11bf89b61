export { TradeSettingsPage } from './components/TradeSettingsPage.tsx';
