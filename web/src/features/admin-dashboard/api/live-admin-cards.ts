import { type AdminCardsResponse, adminBadgesSchema, adminCardsResponseSchema } from '@app/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys } from '../../../lib/query/index.ts';
import type { Realtime } from '../../../lib/realtime/realtime.ts';
import { realtime } from '../../../lib/socket.ts';

/**
 * The admins room into the cached cards: `admin:stats` (a periodic recount changed the
 * counts) replaces them, `admin:badges` (a request was made or decided) updates the pending
 * counts at once. A payload of the wrong shape is dropped. Returns the undo.
 */
export function connectAdminCards(source: Pick<Realtime, 'on'>, client: QueryClient): () => void {
  const offs = [
    source.on('admin:stats', (payload) => {
      const cards = adminCardsResponseSchema.safeParse(payload);
      if (cards.success) client.setQueryData(adminKeys.cards(), cards.data);
    }),
    source.on('admin:badges', (payload) => {
      const badges = adminBadgesSchema.safeParse(payload);
      if (!badges.success) return;
      client.setQueryData<AdminCardsResponse>(adminKeys.cards(), (old) =>
        old ? { ...old, cards: { ...old.cards, ...badges.data } } : old,
      );
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** Keeps the dashboard's cards live while it is on screen. */
export function useLiveAdminCards(): void {
  const client = useQueryClient();
  useEffect(() => connectAdminCards(realtime, client), [client]);
}
