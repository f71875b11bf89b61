import { adminUsersResponseSchema, uuidSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/**
 * The id of the user a username, email or id names, as the users screen finds them (a plain
 * admin finds user accounts only); null when none matches exactly.
 */
export async function findUserId(who: string): Promise<string | null> {
  const wanted = who.trim();
  if (uuidSchema.safeParse(wanted).success) return wanted.toLowerCase();
  const page = await api('/api/admin/users', adminUsersResponseSchema, { query: { search: wanted } });
  const lower = wanted.toLowerCase();
  const match = page.users.find((u) => u.username.toLowerCase() === lower || u.email.toLowerCase() === lower);
  return match?.id ?? null;
}
