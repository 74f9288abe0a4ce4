import { useMutation } from '@tanstack/react-query';
import {
  type SlipUploadResponse,
  SlipUploadResponseSchema,
  slipUploadFields,
} from '@wallet/contract/deposit';
import { apiRequest } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../lib/query-client';

export type UploadSlipInput = { file: File; idempotencyKey: string };

/**
 * `POST /api/wallet/slip` (the spec's calls): the slip as a multipart form; the client waits
 * up to 300 s (the upload time-out of the API client for a FormData body).
 */
export function uploadSlip({ file, idempotencyKey }: UploadSlipInput): Promise<SlipUploadResponse> {
  const form = new FormData();
  form.append(slipUploadFields.file, file, file.name);
  return apiRequest('/api/wallet/slip', SlipUploadResponseSchema, {
    method: 'POST',
    body: form,
    idempotencyKey,
  });
}

/** The wallet and the statement (with its slip list) are read again after an upload. */
export function useUploadSlip() {
  return useMutation({ mutationFn: uploadSlip, onSettled: refreshMoneyViews });
}
