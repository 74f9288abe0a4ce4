import type { ChatMessage } from '@wallet/contract/chat';

/**
 * Pure rules about chat messages that the member's widget and the staff's back office both
 * follow (one place, so the two screens cannot drift apart): who wrote a message, where a
 * session ends, how messages from history pages and the socket are merged, which links open.
 */

/** Whether a message is one the staff side wrote (an agent or a bot). */
export function isStaffMessage(message: ChatMessage): boolean {
  return message.sender === 'agent' || message.sender === 'bot';
}

/** Staff, bots and the system speak to the customer; only `customer` is the customer. */
export function isCustomerMessage(message: ChatMessage): boolean {
  return message.sender === 'customer';
}

/**
 * The spec: a system message of type unknown titled 'session_end' ends a session (the server
 * stores it as the first message of the new session when staff ends the conversation).
 */
export function isSessionEnd(message: ChatMessage): boolean {
  return (
    message.sender === 'system' &&
    message.message.message_type === 'unknown' &&
    message.message.payload.title === 'session_end'
  );
}

/**
 * `held` with `incoming` added, oldest first (message ids follow a conversation's order): a
 * message already held (same id) or an echo of a customer message already held (same
 * `deliver.id`) is not added twice. Answers `held` itself when nothing was added.
 */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]) {
  const ids = new Set(held.map((m) => m.id));
  const delivered = new Set(held.filter(isCustomerMessage).map((m) => m.message.deliver.id));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    const deliverId = message.message.deliver.id;
    if (ids.has(message.id)) continue;
    if (isCustomerMessage(message) && deliverId && delivered.has(deliverId)) continue;
    ids.add(message.id);
    if (isCustomerMessage(message)) delivered.add(deliverId);
    added.push(message);
  }
  if (added.length === 0) return { messages: held as ChatMessage[], added };
  return { messages: [...held, ...added].sort((a, b) => a.id - b.id), added };
}

/**
 * A link a message's web button may open: http(s) only, so a stored `javascript:` link never
 * becomes one. Without `base` only an absolute link passes; with it (the page's address) a
 * same-site path does too. Answers the link to open, or null.
 */
export function webHref(link: string, base?: string): string | null {
  try {
    const url = new URL(link, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A call button's number as a tel: link (digits and the dialling signs only). */
export function telHref(number: string): string | null {
  const digits = number.replace(/[^\d+*#]/g, '');
  return digits ? `tel:${digits}` : null;
}
