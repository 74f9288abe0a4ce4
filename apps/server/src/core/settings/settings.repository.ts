import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { type SettingKey, type SettingValue, settingSchemas } from './settings.schemas';

function parsedRow<K extends SettingKey>(key: K, row: { value: unknown } | undefined) {
  // The seed writes every key on first start: a missing one is a broken installation.
  if (!row) throw new Error(`setting "${key}" is missing`);
  return settingSchemas[key].parse(row.value) as SettingValue<K>;
}

export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return parsedRow(key, row);
}

/**
 * The setting, its row locked until the transaction `db` ends: a change that reads, then writes
 * the value (a secret rotated) is not lost to another made at the same time.
 */
export async function readSettingForUpdate<K extends SettingKey>(
  db: Db,
  key: K,
): Promise<SettingValue<K>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for('update');
  return parsedRow(key, row);
}

/** Several settings in one query (the per-request service switch reads one, pages read many). */
export async function readSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (!byKey.has(key)) throw new Error(`setting "${key}" is missing`);
    out[key] = settingSchemas[key].parse(byKey.get(key));
  }
  return out as { [P in K]: SettingValue<P> };
}

export async function writeSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const parsed = settingSchemas[key].parse(value);
  await db
    .insert(settings)
    .values({ key, value: parsed })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: sql`now()` } });
}

/** Writes the value only when the key has none yet; answers whether it wrote. */
export async function insertSettingIfMissing<K extends SettingKey>(
  db: Db,
  key: K,
  value: SettingValue<K>,
): Promise<boolean> {
  const parsed = settingSchemas[key].parse(value);
  const inserted = await db
    .insert(settings)
    .values({ key, value: parsed })
    .onConflictDoNothing({ target: settings.key })
    .returning({ key: settings.key });
  return inserted.length > 0;
}

export async function hasSetting(db: Db, key: SettingKey): Promise<boolean> {
  const [row] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, key));
  return row !== undefined;
}
