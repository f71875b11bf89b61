import { type CreateTicketBody, ticketCreatedResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/tickets: 201 with the new ticket and "Ticket created! ...". */
export function createTicket(body: CreateTicketBody) {
  return api('/api/tickets', ticketCreatedResponseSchema, { method: 'POST', body });
}

export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket });
}
