export { getMe } from './get-me.ts';
export { recordVisit, resetVisitMemory, useVisitReward } from './record-visit.ts';
export { isAdminUser, isSuperadmin, type SessionStatus, useSession } from './session-store.ts';
