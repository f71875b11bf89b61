export { getBalances, loadBalances } from './balances.ts';
export { getMe } from './get-me.ts';
export { recordVisit, resetVisitMemory, useVisitReward } from './record-visit.ts';
export { sessionEnded } from './session-ended.ts';
export {
  isAdminUser,
  isSuperadmin,
  type SessionStatus,
  type SessionUser,
  useSession,
} from './session-store.ts';
