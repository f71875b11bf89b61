import { meResponseSchema, type PublicUser } from '@app/shared';
import { api } from '../api.ts';

/** GET /api/auth/me: the signed-in user for the stored token. */
export async function getMe(signal?: AbortSignal): Promise<PublicUser> {
  const { user } = await api('/api/auth/me', meResponseSchema, { signal });
  return user;
}
