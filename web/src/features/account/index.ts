export { AccountPage } from './components/AccountPage.tsx';
