/**
 * One load process of the support-chat benchmark (bench/chat.ts forks BENCH_CLIENT_PROCESSES of
 * them and drives them over the IPC channel). It holds its share of the guests' sockets, posts
 * their messages over HTTP at its share of the paced rate, and times each message from its
 * scheduled send to its arrival on the guest's own socket. Out of the benchmark's own process,
 * and possibly several, in case 5,000 socket.io clients in one Node process were the bottleneck;
 * each measures its event loop's lag so the report can tell. (On the 2-core VM one process was
 * not: docs/performance.md, "Support chat".)
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type {
  ChatClientToServerEvents,
  ChatMessage,
  ChatServerToClientEvents,
} from '@wallet/contract/chat';
import pMap from 'p-map';
import { io, type Socket } from 'socket.io-client';

/** What bench/chat.ts asks; each command is answered by one reply of the same type. */
export type ClientCommand =
  /** Connect and join every own guest whose global index is below `upTo`, then prove each new
   * socket receives: one message each, posted at `rate`, waited for. */
  | { type: 'hold'; upTo: number; rate: number }
  /** Messages over the held guests in turn at `rate` for `seconds`; `cross`: the share posted
   * to the server process the guest's socket is not on. */
  | { type: 'send'; rate: number; seconds: number; cross: number }
  | { type: 'count' };

export type HoldReply = {
  type: 'hold';
  held: number;
  refused: Record<string, number>;
  /** New sockets whose first message arrived. */
  proven: number;
  newSockets: number;
  /** How long connecting and joining the new sockets took, ms. */
  connectMs: number;
};

export type SendReply = {
  type: 'send';
  sent: number;
  ok: number;
  /** Answers other than 200, by status ('error' when the request itself failed). */
  failed: Record<string, number>;
  delivered: number;
  duplicates: number;
  /** Arrived on a socket other than its guest's, or unknown. */
  misrouted: number;
  /** ms from each message's scheduled send to its `messaging` event. */
  delivery: number[];
  /** ms from the scheduled send to the end of the HTTP answer. */
  answer: number[];
  /** ms between a message's scheduled send and the moment it was written. */
  sendLag: number[];
  /** Epoch ms (timeOrigin-based) of the first scheduled send and of the last delivery. */
  startedAt: number;
  lastDeliveredAt: number;
  /** For the staff desk's latency (bench/chat.ts): deliver id → scheduled send, epoch ms. */
  scheduled: [string, number][];
  /** The event loop's lag, ms: how late a timer ran (beyond the sampler's own tick). */
  loopDelay: { p50: number; p99: number; max: number };
  disconnects: Record<string, number>;
};

export type CountReply = { type: 'count'; held: number };
export type ClientReply = HoldReply | SendReply | CountReply;

/** What the process is told at fork, in BENCH_CHAT_CLIENT (JSON). */
export type ClientSetup = { index: number; processes: number; bases: string[]; prefix: string };

type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;
type Guest = { index: number; id: string; server: number; socket: ChatSocket | null };
type InFlight = {
  guest: Guest;
  scheduled: number;
  sentAt: number;
  answeredAt: number | null;
  deliveredAt: number | null;
  status: string | null;
};

const setup = JSON.parse(process.env.BENCH_CHAT_CLIENT ?? '{}') as ClientSetup;
const bases = setup.bases.map((base) => new URL(base));
/** After the last send, how long answers and deliveries are waited for before counting losses. */
const DRAIN_MS = 5000;
// Keep-alive connections, as a load balancer keeps to its upstreams; a few dozen suffice for
// a few hundred posts a second answered in milliseconds.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const guests: Guest[] = [];
const inFlight = new Map<string, InFlight>();
let unknownArrivals = 0;
let duplicates = 0;
let misrouted = 0;
const disconnects: Record<string, number> = {};

let nextIndex = setup.index;

/**
 * The guest of global index g is this process's when g % processes is its index; its socket
 * goes to server process floor(g / processes) % 2, so each client process holds sockets on
 * both servers, half and half.
 */
function ownGuests(upTo: number): Guest[] {
  for (; nextIndex < upTo; nextIndex += setup.processes) {
    const server = Math.floor(nextIndex / setup.processes) % bases.length;
    guests.push({ index: nextIndex, id: randomUUID(), server, socket: null });
  }
  return guests.filter((guest) => guest.index < upTo);
}

function arrived(guest: Guest, message: ChatMessage): void {
  const now = performance.now();
  const entry = inFlight.get(message.message.deliver.id);
  if (!entry) {
    unknownArrivals += 1;
  } else if (entry.guest !== guest || message.guestId !== guest.id) {
    misrouted += 1;
  } else if (entry.deliveredAt !== null) {
    duplicates += 1;
  } else {
    entry.deliveredAt = now;
  }
}

/** A guest's socket as the widget opens it: websocket only, the guest id in the handshake. */
function connect(guest: Guest): Promise<string | null> {
  const socket: ChatSocket = io(bases[guest.server]?.origin ?? '', {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { guestId: guest.id },
    // A dropped socket stays dropped: it counts against the connections held.
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
  });
  return new Promise((resolve) => {
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
    socket.once('connect', async () => {
      socket.on('messaging', (message) => arrived(guest, message));
      socket.on('disconnect', (reason) => {
        disconnects[reason] = (disconnects[reason] ?? 0) + 1;
      });
      try {
        const ack = await socket.timeout(30_000).emitWithAck('join', {
          room: `${setup.prefix}-${guest.id}`,
        });
        if (!ack.ok) {
          socket.close();
          resolve(`join: ${ack.code}`);
          return;
        }
      } catch {
        socket.close();
        resolve('join: no answer');
        return;
      }
      guest.socket = socket;
      resolve(null);
    });
  });
}

function post(base: URL, body: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: '/api/chat/send-message',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
        res.on('error', () => resolve('error'));
      },
    );
    request.on('error', () => resolve('error'));
    request.end(body);
  });
}

/** The event-loop sampler's tick, ms: what it records is the tick plus the loop's lag. */
const LOOP_TICK_MS = 10;
const lagOf = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - LOOP_TICK_MS);

/**
 * `count` messages over `senders` in turn, the k-th scheduled at start + k / rate (an open
 * loop: a slow answer never delays the next send), then DRAIN_MS for the stragglers.
 */
async function sendPaced(
  senders: Guest[],
  count: number,
  rate: number,
  cross: number,
): Promise<SendReply> {
  inFlight.clear();
  unknownArrivals = 0;
  duplicates = 0;
  misrouted = 0;
  const loop = monitorEventLoopDelay({ resolution: LOOP_TICK_MS });
  loop.enable();
  const interval = 1000 / rate;
  const start = performance.now() + 10;
  const answers: Promise<void>[] = [];
  const send = (k: number) => {
    const guest = senders[k % senders.length];
    if (!guest) return;
    // The first `cross` share of every hundred goes to the other process (through Redis).
    const server = k % 100 < cross * 100 ? (guest.server + 1) % bases.length : guest.server;
    const id = `m${setup.index}-${k}-${randomUUID().slice(0, 8)}`;
    const scheduled = start + k * interval;
    const entry: InFlight = {
      guest,
      scheduled,
      sentAt: performance.now(),
      answeredAt: null,
      deliveredAt: null,
      status: null,
    };
    inFlight.set(id, entry);
    const body = JSON.stringify({
      guestId: guest.id,
      message: {
        message_type: 'text',
        payload: { message: `Hello, my deposit has not arrived yet (${k})` },
        deliver: { id },
      },
    });
    const base = bases[server];
    if (!base) return;
    answers.push(
      post(base, body).then((status) => {
        entry.answeredAt = performance.now();
        entry.status = status;
      }),
    );
  };
  await new Promise<void>((resolve) => {
    let k = 0;
    const tick = () => {
      const now = performance.now();
      while (k < count && start + k * interval <= now) send(k++);
      if (k >= count) resolve();
      else setTimeout(tick, Math.max(0, start + k * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  await Promise.all(answers);
  const drainUntil = performance.now() + DRAIN_MS;
  const waiting = () => [...inFlight.values()].some((e) => e.status === '200' && !e.deliveredAt);
  while (waiting() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  loop.disable();

  const entries = [...inFlight.entries()];
  const failed: Record<string, number> = {};
  for (const [, e] of entries) {
    if (e.status !== '200') failed[e.status ?? 'none'] = (failed[e.status ?? 'none'] ?? 0) + 1;
  }
  const delivered = entries.filter(([, e]) => e.deliveredAt !== null);
  return {
    type: 'send',
    sent: entries.length,
    ok: entries.filter(([, e]) => e.status === '200').length,
    failed,
    delivered: delivered.length,
    duplicates,
    misrouted: misrouted + unknownArrivals,
    delivery: delivered.map(([, e]) => (e.deliveredAt ?? 0) - e.scheduled),
    answer: entries.map(([, e]) => (e.answeredAt ?? 0) - e.scheduled),
    sendLag: entries.map(([, e]) => e.sentAt - e.scheduled),
    startedAt: performance.timeOrigin + start,
    lastDeliveredAt:
      performance.timeOrigin +
      delivered.reduce((last, [, e]) => Math.max(last, e.deliveredAt ?? 0), start),
    scheduled: entries
      .filter(([, e]) => e.status === '200')
      .map(([id, e]) => [id, performance.timeOrigin + e.scheduled]),
    loopDelay: {
      p50: lagOf(loop.percentile(50)),
      p99: lagOf(loop.percentile(99)),
      max: lagOf(loop.max),
    },
    disconnects: { ...disconnects },
  };
}

async function hold(upTo: number, rate: number): Promise<HoldReply> {
  const refused: Record<string, number> = {};
  const fresh = ownGuests(upTo).filter((guest) => guest.socket === null);
  const started = performance.now();
  await pMap(
    fresh,
    async (guest) => {
      const error = await connect(guest);
      if (error !== null) refused[error] = (refused[error] ?? 0) + 1;
    },
    { concurrency: 50 },
  );
  const connectMs = performance.now() - started;
  const connected = fresh.filter((guest) => guest.socket !== null);
  // Each new socket's first message: proves it joined its room (and opens its conversation,
  // a one-time insert that the measured phases then do not pay).
  const proof = connected.length > 0 ? await sendPaced(connected, connected.length, rate, 0) : null;
  return {
    type: 'hold',
    held: guests.filter((guest) => guest.socket?.connected).length,
    refused,
    proven: proof?.delivered ?? 0,
    newSockets: connected.length,
    connectMs,
  };
}

process.on('message', async (command: ClientCommand) => {
  let reply: ClientReply;
  if (command.type === 'hold') {
    reply = await hold(command.upTo, command.rate);
  } else if (command.type === 'send') {
    const held = guests.filter((guest) => guest.socket?.connected);
    reply = await sendPaced(
      held,
      Math.round(command.rate * command.seconds),
      command.rate,
      command.cross,
    );
  } else {
    reply = { type: 'count', held: guests.filter((guest) => guest.socket?.connected).length };
  }
  process.send?.(reply);
});
