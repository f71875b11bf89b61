export { AuthModals } from './components/AuthModals.tsx';
export { LoginPage } from './components/LoginPage.tsx';
export { RegisterPage } from './components/RegisterPage.tsx';
export { useAuthModal } from './stores/auth-modal.ts';
