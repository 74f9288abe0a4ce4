import { useMutation } from '@tanstack/react-query';
import {
  type RegisterResponse,
  RegisterResponseSchema,
  type Registration,
} from '@wallet/contract/account';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/account` (the spec's calls): the last step of the register wizard. */
export function register(body: Registration): Promise<RegisterResponse> {
  return apiRequest('/api/account', RegisterResponseSchema, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
