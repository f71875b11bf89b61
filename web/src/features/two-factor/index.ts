export { RequireTwoFactor } from './components/RequireTwoFactor.tsx';
export { TwoFactorRequiredPage } from './components/TwoFactorRequiredPage.tsx';
export { TwoFactorSection } from './components/TwoFactorSection.tsx';
