import { queryClient } from './query-client';
import { useSessionStore } from './session-store';

/**
 * Ends the session on this device: the token, the agreement flag, the last sync time and every
 * piece of member data in the query cache (the spec's states, "clears user info and the token").
 */
export function clearSession(): void {
  useSessionStore.getState().clear();
  queryClient.clear();
}
