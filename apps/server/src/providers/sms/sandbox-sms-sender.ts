import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { OtpMessage, PasswordMessage, SmsSender } from './sms-sender';

type Kind = 'otp' | 'password';
type Sent = { text: string; ref: string };

/** How long a "sent" message stays readable: a day, far past any code's life. */
const KEEP_SECONDS = 24 * 3600;

/**
 * SANDBOX=1: nothing leaves the server. The last code and the last temporary password per phone
 * are kept so that tests and the demo can read them through GET /api/sandbox/otp/{phone} and
 * GET /api/sandbox/password/{phone}: in Redis when REDIS_URL is set, so any server process
 * behind a load balancer answers for a message another one sent; in memory otherwise (one
 * process). Not in the database: a password reset "sends" inside its transaction.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly memory = new LRUCache<string, Sent>({ max: 100_000, ttl: KEEP_SECONDS * 1000 });

  constructor(private readonly redis: { client: Redis; keyPrefix: string } | null = null) {}

  async sendOtp(message: OtpMessage): Promise<void> {
    await this.keep('otp', message.phone, { text: message.code, ref: message.ref });
  }

  async sendPassword(message: PasswordMessage): Promise<void> {
    await this.keep('password', message.phone, { text: message.password, ref: '' });
  }

  async lastPassword(phone: string): Promise<string | undefined> {
    return (await this.last('password', phone))?.text;
  }

  async lastOtp(phone: string): Promise<{ ref: string; code: string } | undefined> {
    const sent = await this.last('otp', phone);
    return sent && { ref: sent.ref, code: sent.text };
  }

  private key(kind: Kind, phone: string): string {
    return `${this.redis?.keyPrefix ?? ''}sandbox:sms:${kind}:${phone}`;
  }

  private async keep(kind: Kind, phone: string, sent: Sent): Promise<void> {
    const key = this.key(kind, phone);
    if (!this.redis) {
      this.memory.set(key, sent);
      return;
    }
    await this.redis.client.set(key, JSON.stringify(sent), 'EX', KEEP_SECONDS);
  }

  private async last(kind: Kind, phone: string): Promise<Sent | undefined> {
    const key = this.key(kind, phone);
    if (!this.redis) return this.memory.get(key);
    const stored = await this.redis.client.get(key);
    return stored === null ? undefined : (JSON.parse(stored) as Sent);
  }
}
