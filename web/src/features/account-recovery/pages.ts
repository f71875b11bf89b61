export { ForgotPasswordPage } from './components/ForgotPasswordPage.tsx';
export { ResetPasswordPage } from './components/ResetPasswordPage.tsx';
export { VerifyEmailPage } from './components/VerifyEmailPage.tsx';
