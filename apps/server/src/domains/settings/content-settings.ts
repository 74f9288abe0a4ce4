import type { ContentKey, ContentSettings } from '@wallet/contract/content-settings';
import { contentKeys } from '@wallet/contract/content-settings';
import type { AuditLog } from '../../core/audit/audit';
import { changeSettingAudited } from '../../core/settings/audited-change';
import { readSettings } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { pictureHolds } from '../../lib/pictures';
import type { ChangedBy } from '../staff/staff-accounts';

/** Whether a CSP source like `https://host` or `https://*.host` covers the address. */
export function originAllows(source: string, address: string): boolean {
  const url = new URL(address);
  const wildcard = /^https:\/\/\*\.(.+)$/.exec(source);
  if (!wildcard) return url.origin === source;
  return url.protocol === 'https:' && url.host.endsWith(`.${wildcard[1]}`);
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
    const after = await changeSettingAudited(this.deps, key, value as never, {
      ...by,
      action: 'settings.content',
      target: `content:${key}`,
      reason,
    });
    return after as ContentSettings[K];
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
