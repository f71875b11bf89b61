import { ticketCreatedResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/tickets */
export function createTicket(body: { subject: string; message: string }) {
  return api('/api/tickets', ticketCreatedResponseSchema, { method: 'POST', body });
}

export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket });
}
