import { describe, expect, it } from 'vitest';
import { mergeMessages } from '../../components/chat/chat-messages';
import { chatRows } from '../../components/chat/chat-rows';
import { withoutEchoed } from '../../components/chat/message-outbox';
import type { PendingMessage } from './chat-conversation';
import { chatMessage } from './chat-test-doubles';

function pending(deliverId: string): PendingMessage {
  return {
    deliverId,
    createdAt: '2026-11-25T10:00:00.000Z',
    status: 'succeed',
    progress: 0,
    outgoing: { message_type: 'text', payload: { message: 'hi' } },
    upload: null,
    error: null,
  };
}

describe('the conversation held by the widget', () => {
  it('keeps messages in id order and each id once, whichever way they came', () => {
    const a = chatMessage({ id: 1 });
    const b = chatMessage({ id: 2 });
    const c = chatMessage({ id: 3 });
    const first = mergeMessages([c], [a, b]);
    expect(first.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    const again = mergeMessages(first.messages, [b, c]);
    expect(again.added).toEqual([]);
    expect(again.messages).toBe(first.messages);
  });

  it('takes the echo of its own message once, matched by deliver id', () => {
    const mine = chatMessage({ id: 7, sender: 'customer', deliverId: 'x-1' });
    const echoAgain = chatMessage({ id: 8, sender: 'customer', deliverId: 'x-1' });
    const { messages } = mergeMessages([mine], [echoAgain]);
    expect(messages.map((m) => m.id)).toEqual([7]);
    expect(withoutEchoed([pending('x-1'), pending('x-2')], [mine]).map((p) => p.deliverId)).toEqual(
      ['x-2'],
    );
  });

  it("marks where a session ends, and shows a 'session_end' message only as that mark", () => {
    const rows = chatRows(
      [
        chatMessage({ id: 1, session_id: 'a' }),
        chatMessage({ id: 2, session_id: 'a', sender: 'customer' }),
        chatMessage({
          id: 3,
          session_id: 'b',
          sender: 'system',
          type: 'unknown',
          payload: { title: 'session_end' },
        }),
        chatMessage({ id: 4, session_id: 'b' }),
        chatMessage({ id: 5, session_id: 'c' }),
      ],
      [pending('p-1')],
    );
    expect(rows.map((row) => row.kind)).toEqual([
      'message',
      'message',
      'divider',
      'message',
      'divider',
      'message',
      'pending',
    ]);
  });
});
