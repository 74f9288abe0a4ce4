import { useMutation } from '@tanstack/react-query';
import { type AuditVerifyResponse, AuditVerifyResponseSchema } from '@wallet/contract/staff';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/audit/verify`: walks the hash chain and answers the first entry that does
 * not hold. Asked on demand (it reads the whole log), so a mutation rather than a cached query.
 */
export function verifyAudit(): Promise<AuditVerifyResponse> {
  return staffRequest('/api/backoffice/audit/verify', AuditVerifyResponseSchema);
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}
