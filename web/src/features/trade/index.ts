export { QuickTradeCard } from './components/QuickTradeCard.tsx';
