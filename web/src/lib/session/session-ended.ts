import type { SessionEndedEvent } from '@app/shared';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { useSession } from './session-store.ts';

/**
 * The server ended the session a socket was signed in with (`session:ended`), `token` being
 * that socket's token. If it is still this tab's session, sign out and keep the reason to show.
 * A password change made in this tab answers it a new token while every socket of the user
 * is told: that answer is waited for, and the tab stays signed in on the new token. One made
 * in another tab of this browser has stored its new token already (tabs share the stored
 * token, which the API client sends): this tab goes on with it rather than removing it.
 */
export async function sessionEnded(event: SessionEndedEvent, token: string | null): Promise<void> {
  await useSession.getState().renewed();
  const state = useSession.getState();
  if (token === null || state.token !== token) return;
  const stored = storage.get(STORAGE_KEYS.token);
  if (stored && stored !== token) {
    state.setToken(stored);
    await state.refresh();
    return;
  }
  state.endSession(event.message);
}
