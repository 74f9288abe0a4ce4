import { storageKeys } from '@wallet/contract/constants';
import { randomUuid } from './random-uuid';

/** The id of a page whose storage is refused (a private window): it lasts as long as the page. */
let unstored: string | null = null;

/**
 * This browser's random id, kept in localStorage and sent on every call (`X-Wallet-Device`):
 * the back office flags members who registered or signed in on the same device.
 */
export function deviceId(): string {
  try {
    let id = localStorage.getItem(storageKeys.deviceId);
    if (!id) {
      id = randomUuid();
      localStorage.setItem(storageKeys.deviceId, id);
    }
    return id;
  } catch {
    unstored ??= randomUuid();
    return unstored;
  }
}
