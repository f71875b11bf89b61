export { SendNotificationsPage } from './components/SendNotificationsPage.tsx';
