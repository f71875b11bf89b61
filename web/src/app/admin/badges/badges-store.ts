import { type AdminBadges, adminBadgesSchema } from '@app/shared';
import { create } from 'zustand';

interface BadgesState {
  badges: AdminBadges | null;
  /** Bumped by every live `admin:badges`: a fetch started before one is older than it. */
  version: number;
  /** A live event: always the newest counts. */
  receive: (payload: unknown) => void;
  /** A fetch answer, applied only if no live event arrived since `startedAt`. */
  loaded: (badges: AdminBadges, startedAt: number) => void;
}

/** The sidebar's pending counts. */
export const useAdminBadges = create<BadgesState>()((set, get) => ({
  badges: null,
  version: 0,
  receive: (payload) => {
    const parsed = adminBadgesSchema.safeParse(payload);
    if (parsed.success) set({ badges: parsed.data, version: get().version + 1 });
  },
  loaded: (badges, startedAt) => {
    if (get().version === startedAt) set({ badges });
  },
}));
