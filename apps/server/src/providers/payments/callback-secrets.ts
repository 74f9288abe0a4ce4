import { randomBytes } from 'node:crypto';
import { qrProviders } from '@wallet/contract/constants';
import { hasSetting, insertSettingIfMissing } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';

/**
 * One callback secret per QR payment provider, made on first start and kept in settings, so
 * every server process (and every restart) checks the same signatures.
 */
export async function ensureQrCallbackSecrets(db: Db): Promise<void> {
  if (await hasSetting(db, 'qrCallbackSecrets')) return;
  const secrets = Object.fromEntries(
    qrProviders.map((provider) => [provider, randomBytes(32).toString('hex')]),
  ) as Record<(typeof qrProviders)[number], string>;
  await insertSettingIfMissing(db, 'qrCallbackSecrets', secrets);
}
