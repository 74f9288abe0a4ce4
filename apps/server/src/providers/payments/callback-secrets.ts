import { randomBytes } from 'node:crypto';
import { type QrProvider, qrProviders } from '@wallet/contract/constants';
import {
  hasSetting,
  insertSettingIfMissing,
  readSetting,
  readSettingForUpdate,
  writeSetting,
} from '../../core/settings/settings.repository';
import type { SettingValue } from '../../core/settings/settings.schemas';
import type { Db } from '../../db/client';
import { ExpiringValue } from '../../lib/expiring-value';

/** One provider's secrets as the settings keep them: the current one, and the one before it. */
export type QrCallbackSecret = SettingValue<'qrCallbackSecrets'>[QrProvider];

/** A fresh secret: 32 random bytes, as hex (what the provider is given to sign with). */
function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * One callback secret per QR payment provider, made on first start and kept in settings, so
 * every server process (and every restart) checks the same signatures.
 */
export async function ensureQrCallbackSecrets(db: Db): Promise<void> {
  if (await hasSetting(db, 'qrCallbackSecrets')) return;
  const secrets = Object.fromEntries(
    qrProviders.map((provider) => [
      provider,
      { current: newSecret(), previous: null, previousUntil: null, rotatedAt: null },
    ]),
  ) as Record<QrProvider, QrCallbackSecret>;
  await insertSettingIfMissing(db, 'qrCallbackSecrets', secrets);
}

/**
 * The callback secrets as the callback path reads them (issue 33, docs/security.md): read at
 * most `ttlMs` (1 s) old, as the other settings caches are, so a rotation made through any
 * process is honoured by every process within a second, without a restart. A callback verifies
 * with the current secret, or with the one before it until its deadline: the provider switches
 * to the new secret on its own time, and no paid QR is refused meanwhile.
 */
export class QrCallbackSecrets {
  private readonly all: ExpiringValue<Record<QrProvider, QrCallbackSecret>>;

  constructor(
    db: Db,
    ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.all = new ExpiringValue(() => readSetting(db, 'qrCallbackSecrets'), ttlMs, now);
  }

  /** The secrets a callback of the provider may be signed with now, the current one first. */
  async accepted(provider: QrProvider): Promise<string[]> {
    const { current, previous, previousUntil } = (await this.all.get())[provider];
    const graceHolds = previousUntil !== null && this.now() < Date.parse(previousUntil);
    return previous !== null && graceHolds ? [current, previous] : [current];
  }

  /** The secret the provider is told to sign with (the sandbox signs its callbacks with it). */
  async current(provider: QrProvider): Promise<string> {
    return (await this.all.get())[provider].current;
  }
}

/**
 * Gives the provider a fresh secret, keeping the current one as the previous until `now` plus
 * `graceMs`; a secret that was the previous already is dropped (two rotations inside the grace
 * period leave only the last two). Run it in the transaction that writes its audit entry: the
 * row stays locked until it ends, so two rotations at once both count.
 */
export async function rotateQrCallbackSecret(
  db: Db,
  provider: QrProvider,
  now: Date,
  graceMs: number,
): Promise<{ before: QrCallbackSecret; after: QrCallbackSecret & { previousUntil: string } }> {
  const secrets = await readSettingForUpdate(db, 'qrCallbackSecrets');
  const before = secrets[provider];
  const after = {
    current: newSecret(),
    previous: before.current,
    previousUntil: new Date(now.getTime() + graceMs).toISOString(),
    rotatedAt: now.toISOString(),
  };
  await writeSetting(db, 'qrCallbackSecrets', { ...secrets, [provider]: after });
  return { before, after };
}
