export { TradeLogPage } from './components/TradeLogPage.tsx';
