export { useAdminBadges } from './badges-store.ts';
export { useAdminBadgesSync } from './use-admin-badges-sync.ts';
