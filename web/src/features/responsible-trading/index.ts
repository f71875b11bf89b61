export { ResponsibleTradingSection } from './components/ResponsibleTradingSection.tsx';
