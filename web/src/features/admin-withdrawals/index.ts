export { WithdrawalDetailPage } from './components/WithdrawalDetailPage.tsx';
export { WithdrawalsPage } from './components/WithdrawalsPage.tsx';
