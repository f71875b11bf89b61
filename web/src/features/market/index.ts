export { MarketPage } from './components/MarketPage.tsx';
export type { QuickTradeRenderer } from './components/QuickTradeSlot.tsx';
export { TopMarkets } from './components/TopMarkets.tsx';
export { TradePage } from './components/TradePage.tsx';
