import type { SessionEndedEvent } from '@app/shared';
import { useSession } from './session-store.ts';

/**
 * The server ended the session a socket was signed in with (`session:ended`), `token` being
 * that socket's token. If it is still this tab's session, sign out and keep the reason to show.
 * A password change made on this device answers it a new token while every socket of the
 * user is told: that answer is waited for, and the tab stays signed in on the new token.
 */
export async function sessionEnded(event: SessionEndedEvent, token: string | null): Promise<void> {
  await useSession.getState().renewed();
  const state = useSession.getState();
  if (token === null || state.token !== token) return;
  state.endSession(event.message);
}
