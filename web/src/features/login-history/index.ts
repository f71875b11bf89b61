export { LoginHistoryPage } from './components/LoginHistoryPage.tsx';
