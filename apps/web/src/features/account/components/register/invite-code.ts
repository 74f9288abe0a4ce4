import { storageKeys } from '@wallet/contract/constants';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';

function readStored(): string {
  try {
    return localStorage.getItem(storageKeys.inviteCode) ?? '';
  } catch {
    return '';
  }
}

/**
 * The spec's states: an invite link (`/register?code=PR…`) is remembered on the device, and a
 * remembered code is pre-filled and read-only in the wizard.
 */
export function useInviteCode(): string {
  // The query read directly: useSearchParams would add its setter machinery to the router
  // code every screen loads.
  const { search } = useLocation();
  const fromLink = new URLSearchParams(search).get('code')?.trim().toUpperCase() ?? '';
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
