import type { ActiveResponse } from '@wallet/contract/lookup';
import { apiSend } from '../../../lib/api-client';

function readTerminated(body: unknown): ActiveResponse['terminated'] {
  return (
    typeof body === 'object' && body !== null && 'terminated' in body && body.terminated === true
  );
}

/**
 * `GET /api/lookup/active` (the spec's screens guard). /login waits for this answer before it
 * paints, so the one boolean is read directly instead of waiting for the schema library (bundle
 * budget); anything but `terminated: true` lets the login page show.
 */
export async function getActive(): Promise<ActiveResponse> {
  const body = await apiSend('/api/lookup/active', { redirects: false });
  return { terminated: readTerminated(body) };
}
