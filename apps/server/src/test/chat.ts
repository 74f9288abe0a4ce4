import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { ChatMessage, JoinAck } from '@wallet/contract/chat';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { io, type Socket } from 'socket.io-client';
import { call, type Reply } from './harness';
import { staffSignIn, staffToken as staffTokenOf } from './staff';

/** A small, real PNG picture. */
export function pngPicture(width = 8, height = 8): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** The first bytes of an MP4 file (an `ftyp` box), which is what its type is judged by. */
export function mp4Video(size = 2048): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from('00000018667479706d7034320000000069736f6d6d703432', 'hex').copy(bytes);
  return bytes;
}

/** A text message body, as the widget sends it. */
export function textMessage(text: string, deliverId: string = randomUUID()) {
  return { message_type: 'text', payload: { message: text }, deliver: { id: deliverId } };
}

export function sendAsGuest(
  app: FastifyInstance,
  guestId: string,
  text: string,
  deliverId?: string,
  headers: Record<string, string> = {},
) {
  return call(app, 'POST', '/api/chat/send-message', {
    headers,
    body: { guestId, name: 'Guest', message: textMessage(text, deliverId) },
  });
}

export function sendAsMember(app: FastifyInstance, token: string, userId: string, text: string) {
  return call(app, 'POST', '/api/chat/send-message', {
    token,
    body: { userId, message: textMessage(text) },
  });
}

export async function history(
  app: FastifyInstance,
  caller: { guestId?: string; userId?: string; token?: string },
  limit: number,
  skip: number,
) {
  const { token, ...who } = caller;
  return call(app, 'POST', '/api/chat/history', {
    ...(token ? { token } : {}),
    body: { ...who, limit, skip },
  });
}

/** POST /api/chat/upload-{kind}: a guest's id goes before the file, as the widget sends it. */
export function upload(
  app: FastifyInstance,
  kind: 'image' | 'video',
  file: Buffer | null,
  caller: { guestId?: string; token?: string },
  options: { name?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const form = new FormData();
  if (caller.guestId) form.append('guestId', caller.guestId);
  if (file) {
    const blob = new Blob([new Uint8Array(file)], { type: options.type ?? 'image/png' });
    form.append('file', blob, options.name ?? 'picture.png');
  }
  return call(app, 'POST', `/api/chat/upload-${kind}`, {
    ...(caller.token ? { token: caller.token } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    body: form,
  });
}

/** The demo support account's token, signed in once per database (test/staff.ts). */
export async function staffToken(app: FastifyInstance): Promise<string> {
  return staffTokenOf(app, 'support');
}

/** A session of the demo support account of its own, for a test that ends it. */
export async function freshStaffToken(app: FastifyInstance): Promise<string> {
  return (await staffSignIn(app, 'support')).token;
}

/** A socket.io client on a listening server; connected or refused, then resolved. */
export function connectSocket(
  base: string,
  auth: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ socket: Socket; error: string | null }> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, error: null }));
    socket.once('connect_error', (error) => resolve({ socket, error: error.message }));
  });
}

export function join(socket: Socket, room: string): Promise<JoinAck> {
  return socket.timeout(5000).emitWithAck('join', { room });
}

/** Collects a socket's events of one name. */
export function collect<T = ChatMessage>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Waits until `check` holds (events arrive asynchronously), at most `ms`. */
export async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves with the reason once the socket is disconnected. */
export function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    if (!socket.connected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });
}

/** The names of the files under a directory, at any depth (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}
