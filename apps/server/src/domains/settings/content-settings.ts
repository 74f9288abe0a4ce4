import type { ContentKey, ContentSettings } from '@wallet/contract/content-settings';
import { contentKeys } from '@wallet/contract/content-settings';
import type { AuditLog } from '../../core/audit/audit';
import { readSettings, writeSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { ChangedBy } from '../staff/staff-accounts';

/** Where an uploaded picture's bytes must start, per type: a data URL that lies is refused. */
const pictureMagic: Record<string, (bytes: Buffer) => boolean> = {
  png: (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Whether a CSP source like `https://host` or `https://*.host` covers the address. */
export function originAllows(source: string, address: string): boolean {
  const url = new URL(address);
  const wildcard = /^https:\/\/\*\.(.+)$/.exec(source);
  if (!wildcard) return url.origin === source;
  return url.protocol === 'https:' && url.host.endsWith(`.${wildcard[1]}`);
}

/** The picture of a data URL is what its type says; an https address is taken as it is. */
export function pictureHolds(value: string): boolean {
  const match = /^data:image\/(png|jpeg|webp);base64,(.*)$/.exec(value);
  if (!match) return true;
  const [, type = '', data = ''] = match;
  return pictureMagic[type]?.(Buffer.from(data, 'base64')) ?? false;
}

/**
 * The content members read (docs/backoffice.md, "Content"): each part written with its audit
 * entry in one transaction, cleaned by the settings' schemas, and read by members on their next
 * call (the lookups read the settings each time).
 */
export class ContentSettingsService {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditLog;
      /** The origins the CSP lets members' browsers play videos from (HOWTO_VIDEO_ORIGINS). */
      videoOrigins: readonly string[];
    },
  ) {}

  async all(): Promise<ContentSettings> {
    return readSettings(this.deps.db, contentKeys) as Promise<ContentSettings>;
  }

  async change<K extends ContentKey>(
    key: K,
    value: ContentSettings[K],
    reason: string,
    by: ChangedBy,
  ): Promise<ContentSettings[K]> {
    this.check(key, value);
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      const before = (await readSettings(tx, [key]))[key];
      await writeSetting(tx, key, value as never);
      const after = (await readSettings(tx, [key]))[key];
      await audit.append(
        { ...by, action: 'settings.content', target: `content:${key}`, reason, before, after },
        tx,
      );
      return after as ContentSettings[K];
    });
  }

  private check<K extends ContentKey>(key: K, value: ContentSettings[K]): void {
    if (key === 'contact' && !pictureHolds((value as ContentSettings['contact']).lineQR)) {
      throw new DomainError('KEY_INVALID', { field: 'value.lineQR' });
    }
    if (key === 'howto') {
      const { videos } = value as ContentSettings['howto'];
      const outside = videos.findIndex(
        (video) => !this.deps.videoOrigins.some((origin) => originAllows(origin, video.url)),
      );
      if (outside >= 0) {
        throw new DomainError('VIDEO_ORIGIN_NOT_ALLOWED', { field: `value.videos.${outside}.url` });
      }
    }
  }
}
