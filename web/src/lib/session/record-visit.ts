import { visitResponseSchema } from '@app/shared';
import { useEffect } from 'react';
import { api } from '../api.ts';
import { useSession } from './session-store.ts';

/** POST /api/reputation/visit */
export function recordVisit() {
  return api('/api/reputation/visit', visitResponseSchema, { method: 'POST' });
}

const visited = new Set<string>();

function alreadyVisited(userId: string): boolean {
  if (visited.has(userId)) return true;
  try {
    return window.sessionStorage.getItem(`visit:${userId}`) === '1';
  } catch {
    return false;
  }
}

function markVisited(userId: string): void {
  visited.add(userId);
  try {
    window.sessionStorage.setItem(`visit:${userId}`, '1');
  } catch {
    // the in-memory mark is enough
  }
}

/** Once per signed-in user and browser session: the visit reward; failures are ignored. */
export function useVisitReward(): void {
  const userId = useSession((s) => s.user?.id);
  useEffect(() => {
    if (!userId || alreadyVisited(userId)) return;
    markVisited(userId);
    recordVisit()
      .then(({ awarded }) => {
        if (awarded) return useSession.getState().refresh();
      })
      .catch(() => {
        // the reward is a bonus; nothing to tell the user
      });
  }, [userId]);
}

/** For tests: forget which users were rewarded in this session. */
export function resetVisitMemory(): void {
  visited.clear();
}
