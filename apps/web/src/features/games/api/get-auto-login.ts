import type { AutoLoginProvider } from '@wallet/contract/constants';
import {
  type AutoLoginResponse,
  AutoLoginResponseSchema,
  autoLoginPath,
  type GameCredentials,
} from '@wallet/contract/games';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/autoLogin/{provider}/{username}[/{password}]` (the spec's calls): a link that
 * opens the game signed in. Read once per play (each link is a fresh session), so no query.
 */
export function getAutoLogin(
  provider: AutoLoginProvider,
  credentials: GameCredentials,
): Promise<AutoLoginResponse> {
  return apiRequest(autoLoginPath(provider, credentials), AutoLoginResponseSchema);
}
