import { describe, expect, it } from 'vitest';
import {
  appendLiveMessage,
  applyMessagingEvent,
  applyReadEvent,
  mapPages,
  mergeNewestPage,
  prependOlderPage,
} from './conversation-cache';
import { chatMessage, conversationSummary } from './test-fixtures';

describe('applyMessagingEvent', () => {
  const list = [
    conversationSummary(1, { name: 'Malee' }),
    conversationSummary(2, { name: 'Somchai', unread: 1 }),
  ];

  it('moves the conversation to the top with its new last message and one more unread', () => {
    const message = chatMessage(500, { name: 'Somchai' });
    const next = applyMessagingEvent(list, { conversationId: 2, message }, null);
    expect(next?.map((c) => c.id)).toEqual([2, 1]);
    expect(next?.[0]).toMatchObject({ unread: 2, lastMessage: message });
    expect(next?.[0]?.lastMessageAt).toBe(message.createdAt);
  });

  it('counts no more unread in the conversation staff has open, and leaves clearing to the read call', () => {
    const next = applyMessagingEvent(list, { conversationId: 2, message: chatMessage(500) }, 2);
    expect(next?.[0]?.unread).toBe(1);
  });

  it('does not count staff’s own messages, and marks them not yet read by the customer', () => {
    const read = [conversationSummary(1, { customerReadAll: true })];
    const message = chatMessage(500, { sender: 'agent' });
    const next = applyMessagingEvent(read, { conversationId: 1, message }, null);
    expect(next?.[0]).toMatchObject({ unread: 0, customerReadAll: false });
  });

  it('follows the session a message belongs to', () => {
    const message = chatMessage(500, { sender: 'system', session_id: 'session-2' });
    const next = applyMessagingEvent(list, { conversationId: 1, message }, null);
    expect(next?.[0]?.sessionId).toBe('session-2');
  });

  it('answers null for a conversation not in the list yet, so the list is read again', () => {
    expect(applyMessagingEvent(list, { conversationId: 9, message: chatMessage(1) }, null)).toBe(
      null,
    );
  });
});

describe('applyReadEvent', () => {
  it('marks that the customer has read everything', () => {
    const list = [conversationSummary(1), conversationSummary(2)];
    const next = applyReadEvent(list, { conversationId: 2 });
    expect(next.map((c) => c.customerReadAll)).toEqual([false, true]);
  });
});

describe('history pages', () => {
  const held = { total: 5, messages: [chatMessage(3), chatMessage(4), chatMessage(5)] };

  it('puts an older page before what is held', () => {
    const next = prependOlderPage(held, { total: 5, messages: [chatMessage(1), chatMessage(2)] });
    expect(next.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds a live message once', () => {
    const once = appendLiveMessage(held, chatMessage(6));
    expect(appendLiveMessage(once, chatMessage(6))).toEqual(once);
    expect(once).toMatchObject({ total: 6 });
    expect(once?.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
  });

  it('merges the newest page read again with what is held when they overlap', () => {
    const page = { total: 7, messages: [chatMessage(5), chatMessage(6), chatMessage(7)] };
    expect(mergeNewestPage(held, page).messages.map((m) => m.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('keeps only the newest page when messages were missed in between', () => {
    const page = { total: 40, messages: [chatMessage(30), chatMessage(31)] };
    expect(mergeNewestPage(held, page)).toEqual(page);
  });
});

describe('a paged list', () => {
  const page = (ids: number[], nextCursor: string | null) => ({
    conversations: ids.map((id) => conversationSummary(id)),
    nextCursor,
  });

  it('moves a conversation from a later page to the top, each page keeping its length', () => {
    const data = { pages: [page([1, 2], 'a'), page([3, 4], null)], pageParams: [null, 'a'] };
    const next = mapPages(data, (list) =>
      applyMessagingEvent(list, { conversationId: 4, message: chatMessage(900) }, null),
    );
    expect(next?.pages.map((p) => p.conversations.map((c) => c.id))).toEqual([
      [4, 1],
      [2, 3],
    ]);
    expect(next?.pages.map((p) => p.nextCursor)).toEqual(['a', null]);
    expect(next?.pageParams).toEqual([null, 'a']);
  });

  it('leaves the members’ list as it is for a guest’s message, and asks to read the all list again', () => {
    const members = [conversationSummary(1)];
    const guestMessage = chatMessage(901, { userId: null, guestId: randomGuestId });
    const event = { conversationId: 7, message: guestMessage };
    expect(applyMessagingEvent(members, event, null, 'members')).toBe(members);
    expect(applyMessagingEvent(members, event, null, 'all')).toBeNull();
    expect(applyMessagingEvent(members, event, null, 'guests')).toBeNull();
  });
});

const randomGuestId = '0b7e3c52-9a41-4d6f-8e20-5c1d2f3a4b6c';
