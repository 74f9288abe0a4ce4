import { useMutation } from '@tanstack/react-query';
import { type OtpSend, type OtpSendResponse, OtpSendResponseSchema } from '@wallet/contract/otp';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/otp/send` (the spec's calls). */
export function sendOtp(body: OtpSend): Promise<OtpSendResponse> {
  return apiRequest('/api/otp/send', OtpSendResponseSchema, { method: 'POST', body });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
