import { IDEMPOTENCY_HEADER, type TopupResponse, topupResponseSchema } from '@app/shared';
import { ApiError, getToken } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

export type TopupRequest = { amount: number; voucher: File };

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message.trim() ? body.message : null;
  }
  return null;
}

/**
 * POST /api/topups as multipart/form-data (`amount`, `currency` INR, file `voucher`) with the
 * bearer token and the form's Idempotency-Key. The browser sets the multipart boundary, so no
 * content-type is given here.
 */
export async function createTopup(request: TopupRequest, idempotencyKey: string): Promise<TopupResponse> {
  const form = new FormData();
  form.append('amount', String(request.amount));
  form.append('currency', 'INR');
  form.append('voucher', request.voucher, request.voucher.name);
  const headers: Record<string, string> = {
    accept: 'application/json',
    [IDEMPOTENCY_HEADER]: idempotencyKey,
  };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch('/api/topups', {
      method: 'POST',
      headers,
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // an empty or non-JSON answer: the status decides
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(body));
  const parsed = topupResponseSchema.safeParse(body);
  // A 2xx we cannot read still means the request was taken; the list shows it.
  if (!parsed.success) throw new ApiError(response.status, messageOf(body));
  return parsed.data;
}

export function useCreateTopup() {
  return useMutation(createTopup);
}
