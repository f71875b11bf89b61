export { TicketsPage } from './components/TicketsPage.tsx';
