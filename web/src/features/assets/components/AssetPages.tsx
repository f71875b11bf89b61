/** The wallet pages the routes mount: /assets, /assets/topup, /assets/withdraw, /assets/records. */
export { AssetsPage } from './AssetsPage.tsx';
export { RecordsPage } from './RecordsPage.tsx';
export { TopupPage } from './TopupPage.tsx';
export { WithdrawPage } from './WithdrawPage.tsx';
