import demo from '../../seed/demo.json';
import type { Db } from '../db/client';
import { ensureTruelinkKey } from '../domains/lookup/truelink-key';
import { ensureQrCallbackSecrets } from '../providers/payments/callback-secrets';
import { applySeed, SeedSchema } from './seed';

/**
 * Runs once per start, after the migrations and under their lock (db/client.ts). `sandbox`:
 * the demo's receiving accounts and its promotions come too; a real operator's database starts
 * without them, so no member is shown an account that is not the operator's or paid a
 * promotion nobody chose (the back office adds them).
 */
export async function bootstrap(db: Db, { sandbox }: { sandbox: boolean }): Promise<void> {
  await applySeed(db, SeedSchema.parse(demo), { moneyDemo: sandbox });
  await ensureTruelinkKey(db);
  await ensureQrCallbackSecrets(db);
}
