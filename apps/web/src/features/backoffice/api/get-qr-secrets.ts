import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type QrSecretsResponse,
  QrSecretsResponseSchema,
} from '@wallet/contract/operator-accounts';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/settings/qr-secrets` (`settings.read`): when each QR provider's callback
 * secret was last rotated and until when the one before it is taken; never a secret.
 */
export function getQrSecrets(): Promise<QrSecretsResponse> {
  return staffRequest('/api/backoffice/settings/qr-secrets', QrSecretsResponseSchema);
}

export function useQrSecrets() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.backoffice.qrSecrets(),
      queryFn: getQrSecrets,
      staleTime: 0,
    }),
  );
}
