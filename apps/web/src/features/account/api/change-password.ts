import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '@wallet/contract/account';
import { apiSend } from '../../../lib/api-client';

/**
 * `PUT /api/account/changepwd` (the spec's calls). The contract gives no response schema
 * for it; the app reads only success or failure, so the body is not parsed.
 */
export function changePassword(body: ChangePassword): Promise<unknown> {
  return apiSend('/api/account/changepwd', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
