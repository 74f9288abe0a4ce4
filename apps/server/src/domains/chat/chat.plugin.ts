import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error';
import { SignedLinks } from '../../lib/signed-links';
import { clientIpOf } from '../../plugins/server-options';
import { ChatGateway } from './chat.gateway';
import { backofficeChatRoutes, CHAT_FILE_PATH, chatRoutes } from './chat.route';
import { ChatService } from './chat.service';
import { removeOrphanFiles } from './chat-files';
import { WalletEvents } from './wallet-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's socket.io server (tests count its sockets). */
    chatGateway: ChatGateway;
  }
}

/**
 * How often each process checks its signed-in chat sockets' sessions again: a member who signs
 * out, changes the password or is switched off stops hearing the socket within this time.
 */
const CHAT_SESSION_CHECK_MS = 30_000;

/** How often unnamed chat uploads are looked for: they may stay 70 minutes, so minutes suffice. */
const CHAT_ORPHAN_SWEEP_MS = 5 * 60_000;

/**
 * Support chat (docs/decisions/0044-chat.md): socket.io on this server, staff accounts of
 * their own, files behind signed links; members' wallets pushed on the same socket.
 */
export const chatDomain = fp(
  async (app: FastifyInstance) => {
    const { config, db, log, storage } = app;
    const limits = config.rateLimits;
    const clientIp = clientIpOf(config.trustProxy);
    const gateway = new ChatGateway(app.server, {
      auth: app.authService,
      staff: app.staffService,
      admit: async (request) => {
        if (!(await app.addressRules.allows(clientIp(request), false))) {
          throw new DomainError('INVALID_IP');
        }
        if (await app.serviceState.isTerminated()) throw new DomainError('TERMINATED');
      },
      admitStaff: async (request) => {
        if (!(await app.addressRules.allows(clientIp(request), true))) {
          throw new DomainError('INVALID_IP');
        }
      },
      sessionCheckMs: CHAT_SESSION_CHECK_MS,
      prefix: config.chatPrefix,
      redis: app.redis,
      redisKeyPrefix: config.redisKeyPrefix,
      log,
    });
    const walletEvents = new WalletEvents({
      gateway,
      balance: (memberId) => app.wallet.balance(memberId),
      log,
    });
    app.ledger.watch((memberId) => walletEvents.moved(memberId));
    // Before the HTTP server closes: it waits for open connections, and sockets stay open.
    app.addHook('preClose', async () => {
      walletEvents.stop();
      await gateway.close();
    });
    app.decorate('chatGateway', gateway);
    const chat = new ChatService({
      db,
      storage,
      links: new SignedLinks({
        db,
        setting: 'chatFileLinkKey',
        purpose: 'chat-file',
        path: CHAT_FILE_PATH,
        ttlSeconds: 24 * 3600,
      }),
      counters: app.counters,
      hub: gateway,
      prefix: config.chatPrefix,
      limits: {
        messagesPerMinute: limits.chatMessagesPerMinute,
        uploadsPerHour: limits.chatUploadsPerHour,
        guestMessagesPerIpPerMinute: limits.chatGuestMessagesPerIpPerMinute,
        guestConversationsPerIpPerHour: limits.chatGuestConversationsPerIpPerHour,
        uploadsPerIpPerHour: limits.chatUploadsPerIpPerHour,
        storageQuotaBytes: config.chatStorageQuotaBytes,
      },
      log,
    });
    await app.register(chatRoutes, { prefix: '/api/chat', chat });
    await app.register(backofficeChatRoutes, { prefix: '/api/backoffice/chat', chat });
    // Chat uploads that no message named in time (docs/decisions/0056-chat-abuse-limits.md); on
    // its own interval, with the periodic sweeps.
    if (config.reconcileIntervalMs > 0) {
      await app.jobs.every('chat.orphan-files', CHAT_ORPHAN_SWEEP_MS, async () => {
        const removed = await removeOrphanFiles({ db, storage, log });
        if (removed > 0) log.info({ removed }, 'removed orphan chat files');
      });
    }
  },
  { name: 'chat', dependencies: ['wallet', 'staff-auth'] },
);
