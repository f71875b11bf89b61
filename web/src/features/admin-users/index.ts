export { UsersPage } from './components/UsersPage.tsx';
