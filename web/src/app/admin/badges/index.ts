export { useAdminBadges } from './get-admin-badges.ts';
