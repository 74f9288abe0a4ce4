import { useMutation } from '@tanstack/react-query';
import {
  type OtpVerify,
  type OtpVerifyResponse,
  OtpVerifyResponseSchema,
} from '@wallet/contract/otp';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/otp/verify` (the spec's calls). */
export function verifyOtp(body: OtpVerify): Promise<OtpVerifyResponse> {
  return apiRequest('/api/otp/verify', OtpVerifyResponseSchema, { method: 'POST', body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
