export { AccountActivity } from './components/AccountActivity.tsx';
