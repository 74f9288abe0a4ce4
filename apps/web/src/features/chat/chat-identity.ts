import { GuestIdSchema } from '@wallet/contract/chat';
import { storageKeys } from '@wallet/contract/constants';
import { randomUuid } from '../../lib/random-uuid';

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

let memoryGuestId: string | null = null;

/**
 * The spec's overview: a guest chats through a generated id kept locally. It is the guest's only
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
