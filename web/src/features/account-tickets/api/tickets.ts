import {
  type Ticket,
  type TicketMessage,
  type TicketReplyBody,
  ticketResponseSchema,
  ticketsResponseSchema,
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

export const myTicketKeys = {
  all: ['my-tickets'] as const,
  lists: () => [...myTicketKeys.all, 'list'] as const,
  list: (page: number, limit: number) => [...myTicketKeys.lists(), { page, limit }] as const,
  detail: (id: string) => [...myTicketKeys.all, 'detail', id] as const,
};

/**
 * GET /api/tickets. The spec's client asked for 6 to learn whether a next page exists; this
 * API answers the total, so the dashboard asks for exactly the 5 it shows.
 */
export function getMyTickets(page: number, limit: number, signal?: AbortSignal) {
  return api('/api/tickets', ticketsResponseSchema, { query: { page, limit }, signal });
}

/** GET /api/tickets/{id} */
export function getMyTicket(id: string, signal?: AbortSignal) {
  return api(`/api/tickets/${encodeURIComponent(id)}`, ticketResponseSchema, { signal });
}

/** POST /api/tickets/{id}/messages */
export function replyToTicket(id: string, body: TicketReplyBody) {
  return api(`/api/tickets/${encodeURIComponent(id)}/messages`, ticketResponseSchema, {
    method: 'POST',
    body,
  });
}

export function useMyTickets(page: number, size: number) {
  return useQuery({
    queryKey: myTicketKeys.list(page, size),
    queryFn: ({ signal }) => getMyTickets(page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyTicket(id: string | null) {
  return useQuery({
    queryKey: myTicketKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getMyTicket(id as string, signal).then((r) => r.ticket),
    enabled: id !== null,
  });
}

export function useReplyToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketReplyBody) => replyToTicket(id, body),
    onSuccess: ({ ticket }) => {
      client.setQueryData(myTicketKeys.detail(id), ticket);
      void client.invalidateQueries({ queryKey: myTicketKeys.lists() });
    },
  });
}

/** A message added to a cached thread once (the echo of one's own reply included). */
export function withMessage(ticket: Ticket, status: Ticket['status'], message: TicketMessage): Ticket {
  if (ticket.messages.some((m) => m.id === message.id)) return { ...ticket, status };
  return { ...ticket, status, messages: [...ticket.messages, message] };
}

/**
 * Live replies into the cache: `ticket:message` adds the message to the open thread and
 * `ticket:updated` its status; either reloads the list (the order follows the latest activity).
 */
export function connectMyTickets(source: Pick<Realtime, 'on'>, client: QueryClient): () => void {
  const offs = [
    source.on('ticket:message', ({ ticket, message }) => {
      client.setQueryData<Ticket>(myTicketKeys.detail(ticket.id), (old) =>
        old ? withMessage(old, ticket.status, message) : old,
      );
      void client.invalidateQueries({ queryKey: myTicketKeys.lists() });
    }),
    source.on('ticket:updated', ({ ticket }) => {
      client.setQueryData<Ticket>(myTicketKeys.detail(ticket.id), (old) =>
        old ? { ...old, status: ticket.status } : old,
      );
      void client.invalidateQueries({ queryKey: myTicketKeys.lists() });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export function useLiveMyTickets(): void {
  const client = useQueryClient();
  useEffect(() => connectMyTickets(realtime, client), [client]);
}
