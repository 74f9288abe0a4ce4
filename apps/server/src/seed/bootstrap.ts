import demo from '../../seed/demo.json';
import type { Db } from '../db/client';
import { ensureTruelinkKey } from '../domains/lookup/truelink-key';
import { ensureQrCallbackSecrets } from '../providers/payments/callback-secrets';
import { applySeed, SeedSchema } from './seed';

/** Runs once per start, after the migrations and under their lock (db/client.ts). */
export async function bootstrap(db: Db): Promise<void> {
  await applySeed(db, SeedSchema.parse(demo));
  await ensureTruelinkKey(db);
  await ensureQrCallbackSecrets(db);
}
