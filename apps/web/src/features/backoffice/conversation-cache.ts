import type {
  ConversationParty,
  ConversationSummary,
  StaffMessagingEvent,
  StaffReadEvent,
} from '@wallet/contract/backoffice';
import type { ChatMessage } from '@wallet/contract/chat';
import {
  isCustomerMessage,
  isStaffMessage,
  mergeMessages,
} from '../../components/chat/chat-messages';

/**
 * How the back office's cached answers change as messages arrive: pure functions, so the socket
 * handler, the history pages and the tests share one set of rules.
 */

/** The messages of one conversation held on screen, oldest first, and how many the server has. */
export type HeldHistory = { total: number; messages: ChatMessage[] };

/**
 * The newest page read again (a reconnect, a send without the socket): merged with what is held
 * when the two meet; when they do not (more than a page arrived meanwhile), the page alone, since
 * `skip` counts back from the newest message and a gap would make the next older page skip
 * messages.
 */
export function mergeNewestPage(held: HeldHistory | undefined, page: HeldHistory): HeldHistory {
  if (!held || held.messages.length === 0 || page.messages.length === 0) return page;
  const oldestInPage = page.messages[0]?.id ?? 0;
  const newestHeld = held.messages.at(-1)?.id ?? 0;
  const touching = page.messages.length >= page.total || oldestInPage <= newestHeld;
  if (!touching) return page;
  return { total: page.total, messages: mergeMessages(held.messages, page.messages).messages };
}

/** An older page goes before what is held. */
export function prependOlderPage(held: HeldHistory, page: HeldHistory): HeldHistory {
  return { total: page.total, messages: mergeMessages(page.messages, held.messages).messages };
}

/** A message from the socket joins the conversation's held history once. */
export function appendLiveMessage(
  held: HeldHistory | undefined,
  message: ChatMessage,
): HeldHistory | undefined {
  if (!held) return held;
  if (held.messages.some((m) => m.id === message.id)) return held;
  return { total: held.total + 1, messages: mergeMessages(held.messages, [message]).messages };
}

/** Whether a message's conversation is one a list of that party shows (messages carry it). */
export function inParty(message: ChatMessage, party: ConversationParty): boolean {
  if (party === 'members') return message.userId !== null;
  if (party === 'guests') return message.guestId !== null;
  return true;
}

/**
 * A change of the whole list applied to its pages: each page keeps its length, so a
 * conversation moved to the top pushes the others across page edges, as the server would page
 * them. Null when the change answers null.
 */
export function mapPages<T extends { pages: { conversations: ConversationSummary[] }[] }>(
  data: T,
  update: (list: ConversationSummary[]) => ConversationSummary[] | null,
): T | null {
  const next = update(data.pages.flatMap((page) => page.conversations));
  if (!next) return null;
  let start = 0;
  const pages = data.pages.map((page, index) => {
    const last = index === data.pages.length - 1;
    const end = last ? next.length : start + page.conversations.length;
    const conversations = next.slice(start, end);
    start = end;
    return { ...page, conversations };
  });
  return { ...data, pages };
}

/**
 * A `staff:messaging` event in a list of `party`: the conversation moves to the top with its
 * last message; a customer's message counts as unread unless staff has that conversation open,
 * and a message to the customer means they have not read everything any more. A message of
 * another party's conversation leaves the list as it is. Answers null when the conversation is
 * not in the list yet (a new one): the list must be read again.
 */
export function applyMessagingEvent(
  list: ConversationSummary[],
  event: StaffMessagingEvent,
  openConversationId: number | null,
  party: ConversationParty = 'all',
): ConversationSummary[] | null {
  if (!inParty(event.message, party)) return list;
  const current = list.find((c) => c.id === event.conversationId);
  if (!current) return null;
  const { message } = event;
  const fromCustomer = isCustomerMessage(message);
  const isOpen = event.conversationId === openConversationId;
  const isNewer = !current.lastMessage || message.id >= current.lastMessage.id;
  const updated: ConversationSummary = {
    ...current,
    sessionId: isNewer ? message.session_id : current.sessionId,
    lastMessage: isNewer ? message : current.lastMessage,
    lastMessageAt: isNewer ? message.createdAt : current.lastMessageAt,
    // The open conversation's count is cleared by the read call (conversation-view.tsx), not
    // here: its unread messages still need that call.
    unread: current.unread + (fromCustomer && !isOpen ? 1 : 0),
    customerReadAll: isStaffMessage(message) ? false : current.customerReadAll,
  };
  if (!isNewer) return list.map((c) => (c.id === updated.id ? updated : c));
  return [updated, ...list.filter((c) => c.id !== updated.id)];
}

/** A `staff:read` event: the customer has read every message so far. */
export function applyReadEvent(
  list: ConversationSummary[],
  event: StaffReadEvent,
): ConversationSummary[] {
  return list.map((c) => (c.id === event.conversationId ? { ...c, customerReadAll: true } : c));
}

/** Staff has read the conversation (the read call answered). */
export function markReadInList(
  list: ConversationSummary[],
  conversationId: number,
): ConversationSummary[] {
  return list.map((c) => (c.id === conversationId ? { ...c, unread: 0 } : c));
}
