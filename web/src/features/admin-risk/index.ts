export { RiskPage } from './components/RiskPage.tsx';
