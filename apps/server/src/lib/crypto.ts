import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url (43 characters): sign-in and OTP request tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `length` decimal digits from the CSPRNG (crypto.randomInt is uniform, no modulo bias). */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

// No 0/O or 1/I: a reference is read aloud to support.
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomRef(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += REF_ALPHABET[randomInt(0, REF_ALPHABET.length)];
  return out;
}

/**
 * The token of an `Authorization: Bearer <token>` header: undefined without a header, '' for a
 * header of another form (refused as a malformed token).
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  const header = authorization?.trim() ?? '';
  if (header === '') return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
}
