import { storageKeys } from '@wallet/contract/constants';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

function readStored(): string {
  try {
    return localStorage.getItem(storageKeys.inviteCode) ?? '';
  } catch {
    return '';
  }
}

/**
 * SPEC.md section 4: an invite link (`/register?code=PR…`) is remembered on the device, and a
 * remembered code is pre-filled and read-only in the wizard.
 */
export function useInviteCode(): string {
  const [params] = useSearchParams();
  const fromLink = params.get('code')?.trim().toUpperCase() ?? '';
  const code = useMemo(() => fromLink || readStored(), [fromLink]);
  useEffect(() => {
    if (!fromLink) return;
    try {
      localStorage.setItem(storageKeys.inviteCode, fromLink);
    } catch {
      // Without storage the code still fills this visit's form.
    }
  }, [fromLink]);
  return code;
}

/** Once the account exists the code has done its job; the next sign-up starts clean. */
export function forgetInviteCode(): void {
  try {
    localStorage.removeItem(storageKeys.inviteCode);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
