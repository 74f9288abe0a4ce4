import { useMutation } from '@tanstack/react-query';
import {
  type RegistrationValidate,
  type ValidateResponse,
  ValidateResponseSchema,
} from '@wallet/contract/account';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/account/validate` (the spec's validation rules): server checks before the bank step. */
export function validateRegistration(body: RegistrationValidate): Promise<ValidateResponse> {
  return apiRequest('/api/account/validate', ValidateResponseSchema, { method: 'POST', body });
}

export function useValidateRegistration() {
  return useMutation({ mutationFn: validateRegistration });
}
