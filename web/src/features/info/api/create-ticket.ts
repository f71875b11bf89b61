import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** POST /api/tickets */
export function createTicket(body: { subject: string; message: string }): Promise<unknown> {
  return api<unknown>('/api/tickets', { method: 'POST', body });
}

export function useCreateTicket() {
  return useMutation(createTicket);
}
