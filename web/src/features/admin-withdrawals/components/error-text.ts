import { ApiError } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';

/** The server's message when it sent one, else what the status means (admin-side §8). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 401) return WEB_MSG.http401;
    if (error.status === 403) return WEB_MSG.http403;
    if (error.status === 404) return WEB_MSG.http404;
  }
  return WEB_MSG.httpOther;
}
