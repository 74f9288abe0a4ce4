import { type QrProvider, qrProviders } from '@wallet/contract/constants';
import type { QrSecretRotated, QrSecretsResponse } from '@wallet/contract/operator-accounts';
import type { AuditLog } from '../../core/audit/audit';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { sha256Hex } from '../../lib/crypto';
import {
  type QrCallbackSecret,
  rotateQrCallbackSecret,
} from '../../providers/payments/callback-secrets';
import type { ChangedBy } from '../staff/staff-accounts';

/**
 * A secret as the audit log may keep it: when it was made and until when the one before it is
 * taken, and a short fingerprint that tells two secrets apart (its first 8 hex digits of
 * SHA-256; the secret is 256 random bits, so the fingerprint reveals nothing usable). Never the
 * secret itself.
 */
function logged(secret: QrCallbackSecret) {
  return {
    fingerprint: sha256Hex(secret.current).slice(0, 8),
    rotatedAt: secret.rotatedAt,
    previousUntil: secret.previousUntil,
  };
}

/**
 * The QR providers' callback secrets as an admin rotates them (docs/security.md, "QR callback
 * secrets"; issue 33). The new secret is answered once, to be given to the provider; callbacks
 * signed with the one before it are taken until the grace period ends, on every process within
 * a second (providers/payments/callback-secrets.ts).
 */
export class QrSecretSettings {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditLog;
      /** QR_SECRET_GRACE_SECONDS: how long the secret before a rotation is still taken. */
      graceSeconds: number;
      now?: () => Date;
    },
  ) {}

  async states(): Promise<QrSecretsResponse> {
    const secrets = await readSetting(this.deps.db, 'qrCallbackSecrets');
    const now = this.now().getTime();
    return {
      secrets: qrProviders.map((provider) => {
        const { rotatedAt, previousUntil } = secrets[provider];
        const graceHolds = previousUntil !== null && now < Date.parse(previousUntil);
        return { provider, rotatedAt, previousUntil: graceHolds ? previousUntil : null };
      }),
      graceSeconds: this.deps.graceSeconds,
    };
  }

  async rotate(provider: QrProvider, reason: string, by: ChangedBy): Promise<QrSecretRotated> {
    const { db, audit, graceSeconds } = this.deps;
    return db.transaction(async (tx) => {
      const { before, after } = await rotateQrCallbackSecret(
        tx,
        provider,
        this.now(),
        graceSeconds * 1000,
      );
      await audit.append(
        {
          ...by,
          action: 'settings.qr-secret',
          target: `qr-secret:${provider}`,
          reason,
          before: logged(before),
          after: logged(after),
        },
        tx,
      );
      return { provider, secret: after.current, previousUntil: after.previousUntil };
    });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
