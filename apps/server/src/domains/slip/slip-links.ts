import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { insertSettingIfMissing, readSetting } from '../settings/settings.repository';

/** Where the images are served (statement routes); the link carries its own proof. */
export const SLIP_IMAGE_PATH = '/api/statement/slip/image';

/**
 * Signed, short-lived links to slip images (docs/decisions/0043-slips.md). The image opens in
 * a new tab or an <img>, which cannot send the member's bearer token, so the link itself is
 * the permission: the slip's id and an expiry, signed with HMAC-SHA256 under a key only the
 * servers hold. Only the owner is given a link (the list and the reference lookup check the
 * member first); a link that is altered or past its expiry is refused like an unknown slip.
 */
export class SlipLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async url(slipId: number): Promise<string> {
    const expires = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    const signature = await this.sign(slipId, expires);
    return `${SLIP_IMAGE_PATH}/${slipId}?expires=${expires}&signature=${signature}`;
  }

  /** Whether the link was signed here and is still valid. */
  async valid(slipId: number, expires: number, signature: string): Promise<boolean> {
    if (expires * 1000 < this.now().getTime()) return false;
    const expected = Buffer.from(await this.sign(slipId, expires), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async sign(slipId: number, expires: number): Promise<string> {
    const key = await this.secret();
    return createHmac('sha256', key).update(`slip:${slipId}:${expires}`).digest('base64url');
  }

  /**
   * One key per installation, in settings so every process and restart signs alike; made by
   * the first process that needs it (of two racing, the first insert wins and both read it).
   */
  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await insertSettingIfMissing(this.db, 'slipLinkKey', randomBytes(32).toString('base64url'));
      return Buffer.from(await readSetting(this.db, 'slipLinkKey'), 'base64url');
    })().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }
}
