import { useMutation } from '@tanstack/react-query';
import { type SpinResponse, SpinResponseSchema } from '@wallet/contract/spin';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/spinwheel/spin` under the action's Idempotency-Key: one coin for the slice the
 * server chose. The wheel is read again once the prize modal closes (the spec's states).
 */
export function spin(idempotencyKey: string): Promise<SpinResponse> {
  return apiRequest('/api/spinwheel/spin', SpinResponseSchema, {
    method: 'POST',
    body: {},
    idempotencyKey,
  });
}

export function useSpin() {
  return useMutation({ mutationFn: spin });
}
