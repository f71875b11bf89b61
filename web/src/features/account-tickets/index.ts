export { AccountTickets } from './components/AccountTickets.tsx';
