export { ReferralKeysPage } from './components/ReferralKeysPage.tsx';
