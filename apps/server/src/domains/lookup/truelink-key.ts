import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { hasSetting, insertSettingIfMissing } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * The API contract, gift-link encryption: one RSA-2048 key pair per installation, made on first
 * start and kept in settings, so every server process (and every restart) decrypts what a
 * client encrypted with the public key it was given.
 */
export async function ensureTruelinkKey(db: Db): Promise<void> {
  if (await hasSetting(db, 'truelinkKey')) return;
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await insertSettingIfMissing(db, 'truelinkKey', { publicKey, privateKey });
}
