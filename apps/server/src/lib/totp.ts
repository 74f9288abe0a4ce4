import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Staff authenticators (CONTRACT.md: RFC 6238, SHA-1, 6 digits, 30 s, a base32 secret), by the
 * otpauth package. A code is accepted for the 30-second step before and after the current one
 * (a phone's clock drifts), and once only: its step must come after the last one accepted.
 */
const PERIOD_S = 30;
const ISSUER = 'Wallet back office';

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** 160 random bits, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an authenticator app scans: the otpauth URL and it as a QR picture (SVG data URL). */
export async function totpEnrolment(secretBase32: string, username: string) {
  const otpauthUrl = totp(secretBase32, username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret: secretBase32,
    otpauthUrl,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / PERIOD_S);

/**
 * The step `code` belongs to, if it is one of the steps around `at` and after `lastStep`
 * (a code is good once); null otherwise.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = stepAt(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a step (the sandbox shows its demo staff's codes). */
export function codeForStep(secretBase32: string, step: number): string {
  return totp(secretBase32).generate({ timestamp: step * PERIOD_S * 1000 });
}

// No 0/o, 1/l/i: a recovery code is copied from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time recovery code, `xxxxx-xxxxx` (contract: RECOVERY_CODE). */
export function newRecoveryCode(): string {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return `${part()}-${part()}`;
}
