export { AnnouncementsAdminPage } from './components/AnnouncementsAdminPage.tsx';
