import { useMutation } from '@tanstack/react-query';
import type { QrProvider } from '@wallet/contract/constants';
import { QrSecretRotatedSchema } from '@wallet/contract/operator-accounts';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/settings/qr-secrets/{provider}/rotate` (`settings.secrets`, admin): a new
 * callback secret, answered this once to give to the provider; the old one is still taken until
 * the grace period ends. The answer is kept by the caller's dialog alone, never in the cache.
 */
export function rotateQrSecret({ provider, reason }: { provider: QrProvider; reason: string }) {
  return staffRequest(
    `/api/backoffice/settings/qr-secrets/${provider}/rotate`,
    QrSecretRotatedSchema,
    { method: 'POST', body: { reason } },
  );
}

export function useRotateQrSecret() {
  return useMutation({
    mutationFn: rotateQrSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.qrSecrets() }),
  });
}
