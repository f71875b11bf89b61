// The banner is part of every page; the pages load lazily from ./pages.ts.
export { VerifyEmailBanner } from './components/VerifyEmailBanner.tsx';
