export { TopupsPage } from './components/TopupsPage.tsx';
