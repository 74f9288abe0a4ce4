import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import { staffToken } from './chat';
import type { TestDatabase } from './databases';
import { call, type Harness, type Reply } from './harness';
import { memberWithToken } from './members';
import { memberIdOf } from './money';
import { useHarness } from './use-harness';

/** A signed-in member with the id the chat knows them by. */
export type ChatMember = Awaited<ReturnType<typeof memberWithToken>> & { id: string };

/** What the support chat's suites share (chat*.test.ts), there from their first test on. */
export type ChatSuite = {
  h: Harness;
  /** The app, listening at `base` for sockets, its files kept under `uploads`. */
  app: FastifyInstance;
  base: string;
  uploads: string;
  /** The demo staff's token. */
  staff: string;
  alice: ChatMember;
  bob: ChatMember;
  member(): Promise<ChatMember>;
  /** A back-office call, as the demo staff unless another token is given. */
  staffCall(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<Reply>;
  /** The room's open conversation as the staff's list shows it. */
  conversationOf(room: string): Promise<{ id: number; room: string; unread: number } | undefined>;
};

/** Call it in the body of the suite's `describe`; its fields are set before the first test. */
export function useChatSuite(target: TestDatabase): ChatSuite {
  const h = useHarness(target);
  // The rest is filled in by beforeAll, before any test reads it.
  const suite = { h } as ChatSuite;
  suite.member = async () => {
    const m = await memberWithToken(suite.app);
    return { ...m, id: String(await memberIdOf(h.db, m.username)) };
  };
  suite.staffCall = (method, url, body, token = suite.staff) =>
    call(suite.app, method, `/api/backoffice${url}`, { token, ...(body ? { body } : {}) });
  suite.conversationOf = async (room) => {
    const list = await suite.staffCall('GET', '/chat/conversations?limit=100');
    const rows = list.body.conversations as { id: number; room: string; unread: number }[];
    return rows.find((row) => row.room === room);
  };
  beforeAll(async () => {
    suite.uploads = await mkdtemp(join(tmpdir(), 'wallet-chat-'));
    suite.app = await h.build({ UPLOADS_DIR: suite.uploads, CHAT_MESSAGES_PER_MINUTE: '1000' });
    suite.base = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    suite.staff = await staffToken(suite.app);
    suite.alice = await suite.member();
    suite.bob = await suite.member();
  });
  return suite;
}
