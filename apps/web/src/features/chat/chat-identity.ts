import { GuestIdSchema } from '@wallet/contract/chat';
import { storageKeys } from '@wallet/contract/constants';

/** Who is chatting: a member by profile id (with the names the conversation carries) or a guest. */
export type ChatIdentity =
  | { kind: 'member'; userId: string; username: string; name: string }
  | { kind: 'guest'; guestId: string };

/** The conversation's own id: the member's profile id or the guest id; it names the room. */
export function conversationId(identity: ChatIdentity): string {
  return identity.kind === 'member' ? identity.userId : identity.guestId;
}

/** The caller fields of every chat call (contract: a userId or a guestId, never both). */
export function callerOf(identity: ChatIdentity): { userId: string } | { guestId: string } {
  return identity.kind === 'member' ? { userId: identity.userId } : { guestId: identity.guestId };
}

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); a phone opening the site by a LAN address over http has `getRandomValues` only.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memoryGuestId: string | null = null;

/**
 * SPEC.md section 1: a guest chats through a generated id kept locally. It is the guest's only
 * key to the conversation (contract: GuestIdSchema), so it is random and made once per device;
 * storage that throws (private mode) keeps it for this page only.
 */
export function guestId(): string {
  try {
    const stored = localStorage.getItem(storageKeys.guestId);
    // One kept before the server's rule (e.g. upper-case) is replaced, or every call is refused.
    if (stored && GuestIdSchema.safeParse(stored).success) return stored;
    const fresh = randomUuid();
    localStorage.setItem(storageKeys.guestId, fresh);
    return fresh;
  } catch {
    memoryGuestId ??= randomUuid();
    return memoryGuestId;
  }
}
