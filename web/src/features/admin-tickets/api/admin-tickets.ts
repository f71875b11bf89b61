import {
  type AdminTicket,
  type AdminTicketStatus,
  type AdminTicketSummary,
  adminTicketAnswerSchema,
  adminTicketResponseSchema,
  adminTicketsResponseSchema,
  type TicketReplyBody,
  type TicketStatus,
} from '@app/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';
import type { Realtime } from '../../../lib/realtime/realtime.ts';
import { realtime } from '../../../lib/socket.ts';

export type TicketFilter = { status: TicketStatus | 'all'; search: string };

export const adminTicketKeys = {
  all: ['admin-tickets'] as const,
  lists: () => [...adminTicketKeys.all, 'list'] as const,
  list: (filter: TicketFilter) => [...adminTicketKeys.lists(), filter] as const,
  detail: (id: string) => [...adminTicketKeys.all, 'detail', id] as const,
};

/** GET /api/admin/tickets */
export function listAdminTickets(filter: TicketFilter, signal?: AbortSignal) {
  return api('/api/admin/tickets', adminTicketsResponseSchema, {
    query: { status: filter.status, search: filter.search || undefined },
    signal,
  });
}

/** GET /api/admin/tickets/{id} */
export function getAdminTicket(id: string, signal?: AbortSignal) {
  return api(`/api/admin/tickets/${encodeURIComponent(id)}`, adminTicketResponseSchema, { signal });
}

/** PATCH /api/admin/tickets/{id}/status */
export function setAdminTicketStatus(id: string, status: AdminTicketStatus) {
  return api(`/api/admin/tickets/${encodeURIComponent(id)}/status`, adminTicketAnswerSchema, {
    method: 'PATCH',
    body: { status },
  });
}

/** POST /api/admin/tickets/{id}/messages */
export function replyAsAdmin(id: string, body: TicketReplyBody) {
  return api(`/api/admin/tickets/${encodeURIComponent(id)}/messages`, adminTicketAnswerSchema, {
    method: 'POST',
    body,
  });
}

export function useAdminTickets(filter: TicketFilter) {
  return useQuery({
    queryKey: adminTicketKeys.list(filter),
    queryFn: ({ signal }) => listAdminTickets(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTicket(id: string | null) {
  return useQuery({
    queryKey: adminTicketKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAdminTicket(id as string, signal).then((r) => r.ticket),
    enabled: id !== null,
  });
}

function useTicketWrite<V>(id: string, write: (value: V) => Promise<{ ticket: AdminTicket }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ ticket }) => {
      client.setQueryData(adminTicketKeys.detail(id), ticket);
      void client.invalidateQueries({ queryKey: adminTicketKeys.lists() });
    },
  });
}

export const useSetTicketStatus = (id: string) =>
  useTicketWrite(id, (status: AdminTicketStatus) => setAdminTicketStatus(id, status));
export const useAdminReply = (id: string) =>
  useTicketWrite(id, (body: TicketReplyBody) => replyAsAdmin(id, body));

/** The summary in every cached list that holds the ticket, as the event says it is now. */
function patchLists(client: QueryClient, ticket: AdminTicketSummary) {
  for (const query of client.getQueryCache().findAll({ queryKey: adminTicketKeys.lists() })) {
    const data = query.state.data as { items: AdminTicketSummary[] } | undefined;
    if (!data?.items.some((t) => t.id === ticket.id)) continue;
    client.setQueryData(query.queryKey, {
      ...data,
      items: data.items.map((t) => (t.id === ticket.id ? { ...t, ...ticket } : t)),
    });
  }
  // Order, filters and totals follow the server: fetch again.
  void client.invalidateQueries({ queryKey: adminTicketKeys.lists() });
}

/**
 * Live support: a new ticket (`ticket:new`) and every reply (`ticket:message`) or status change
 * (`ticket:updated`) into the cache, so the two panes follow without a reload. Events to the
 * admins room carry the ticket's user.
 */
export function connectAdminTickets(source: Pick<Realtime, 'on'>, client: QueryClient): () => void {
  const asAdmin = (ticket: { id: string }) => ticket as AdminTicketSummary;
  const offs = [
    source.on('ticket:new', ({ ticket }) => patchLists(client, ticket)),
    source.on('ticket:message', ({ ticket, message }) => {
      client.setQueryData<AdminTicket>(adminTicketKeys.detail(ticket.id), (old) => {
        if (!old) return old;
        const messages = old.messages.some((m) => m.id === message.id)
          ? old.messages
          : [...old.messages, message];
        return { ...old, status: ticket.status, lastMessageAt: ticket.lastMessageAt, messages };
      });
      patchLists(client, asAdmin(ticket));
    }),
    source.on('ticket:updated', ({ ticket }) => {
      client.setQueryData<AdminTicket>(adminTicketKeys.detail(ticket.id), (old) =>
        old ? { ...old, status: ticket.status } : old,
      );
      patchLists(client, asAdmin(ticket));
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export function useLiveAdminTickets(): void {
  const client = useQueryClient();
  useEffect(() => connectAdminTickets(realtime, client), [client]);
}
