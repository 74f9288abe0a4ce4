import { useMutation } from '@tanstack/react-query';
import type { Login, LoginResponse } from '@wallet/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/** Lazy, like the form's schema: the login screen paints before the schema library loads. */
async function loadLoginResponseSchema() {
  return (await import('@wallet/contract/auth')).LoginResponseSchema;
}

/** `POST /api/login` (the spec's calls): returns the bearer token. */
export function login(body: Login): Promise<LoginResponse> {
  // The form reports every refusal itself, a 401 included, so the client does not redirect.
  return apiRequest('/api/login', loadLoginResponseSchema, {
    method: 'POST',
    body,
    redirects: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
