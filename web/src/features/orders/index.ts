export { OrdersPage } from './components/OrdersPage.tsx';
