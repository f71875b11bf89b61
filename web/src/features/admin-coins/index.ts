export { CoinsPage } from './components/CoinsPage.tsx';
