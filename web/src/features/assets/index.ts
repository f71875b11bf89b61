export { AssetsPage, RecordsPage, TopupPage, WithdrawPage } from './components/AssetPages.tsx';
