export { AboutPage } from './components/AboutPage.tsx';
export { AnnouncementsPage } from './components/AnnouncementsPage.tsx';
export { PrivacyPage } from './components/PrivacyPage.tsx';
export { RulesPage } from './components/RulesPage.tsx';
export { SupportPage } from './components/SupportPage.tsx';
export { TermsPage } from './components/TermsPage.tsx';
