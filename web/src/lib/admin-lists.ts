import type { RequestUser } from '@app/shared';

/** Who asked, on the admin request lists: first and last name, else the username. */
export function requesterName(user: RequestUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}
