import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { insertSettingIfMissing, readSetting } from '../core/settings/settings.repository';
import type { Db } from '../db/client';

/**
 * Signed, short-lived links to uploaded files (docs/decisions/0043-slips.md, 0044-chat.md). A
 * file opens in an <img>, a <video> or a new tab, none of which can send a bearer token, so
 * the link itself is the permission: the file's id and an expiry, signed with HMAC-SHA256 under
 * a key only the servers hold. Only those allowed to see the file are given a link (the caller
 * checks that first); a link that is altered or past its expiry is refused like an unknown file.
 * `purpose` keeps the links of one kind of file from opening another kind with the same id.
 */
export class SignedLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly options: {
      db: Db;
      /** The setting that holds the installation's key (made on first use). */
      setting: 'slipLinkKey' | 'chatFileLinkKey';
      purpose: string;
      /** Where the files are served: the link is `${path}/${id}?expires=…&signature=…`. */
      path: string;
      ttlSeconds: number;
      now?: () => Date;
    },
  ) {}

  async url(id: number): Promise<string> {
    const now = this.options.now?.() ?? new Date();
    const expires = Math.floor(now.getTime() / 1000) + this.options.ttlSeconds;
    const signature = await this.sign(id, expires);
    return `${this.options.path}/${id}?expires=${expires}&signature=${signature}`;
  }

  /** Whether the link was signed here and is still valid. */
  async valid(id: number, expires: number, signature: string): Promise<boolean> {
    const now = this.options.now?.() ?? new Date();
    if (expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(await this.sign(id, expires), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async sign(id: number, expires: number): Promise<string> {
    const key = await this.secret();
    return createHmac('sha256', key)
      .update(`${this.options.purpose}:${id}:${expires}`)
      .digest('base64url');
  }

  /**
   * One key per installation, in settings so every process and restart signs alike; made by
   * the first process that needs it (of two racing, the first insert wins and both read it).
   */
  private secret(): Promise<Buffer> {
    const { db, setting } = this.options;
    this.key ??= (async () => {
      await insertSettingIfMissing(db, setting, randomBytes(32).toString('base64url'));
      return Buffer.from(await readSetting(db, setting), 'base64url');
    })().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }
}
