export { MarketPage } from './components/MarketPage.tsx';
export { TradePage } from './components/TradePage.tsx';
