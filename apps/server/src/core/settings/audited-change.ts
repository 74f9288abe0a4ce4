import type { Db } from '../../db/client';
import type { AuditLog, AuditRecord } from '../audit/audit';
import { readSetting, writeSetting } from './settings.repository';
import type { SettingKey, SettingValue } from './settings.schemas';

/**
 * One setting changed by staff: written with its audit entry (the value before and after, as
 * the settings' schemas read them) in one transaction. Answers the value as stored.
 */
export async function changeSettingAudited<K extends SettingKey>(
  deps: { db: Db; audit: AuditLog },
  key: K,
  value: SettingValue<K>,
  entry: Omit<AuditRecord, 'before' | 'after'>,
): Promise<SettingValue<K>> {
  return deps.db.transaction(async (tx) => {
    const before = await readSetting(tx, key);
    await writeSetting(tx, key, value);
    const after = await readSetting(tx, key);
    await deps.audit.append({ ...entry, before, after }, tx);
    return after;
  });
}
