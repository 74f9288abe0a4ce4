import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import type { SecretKeyRing } from '../../lib/secret-keys';
import { newTotpSecret } from '../../lib/totp';
import { type StaffRow, updateStaff } from './staff.repository';

/**
 * Staff authenticator secrets at rest: sealed with the server's key ring as game passwords are
 * (docs/decisions/0058), each bound to its account, so a copy of the database makes no codes.
 */
const contextOf = (staffId: number) => `staff-totp:${staffId}`;

export function sealTotpSecret(ring: SecretKeyRing, staffId: number, secret: string) {
  const { sealed, keyId } = ring.seal(secret, contextOf(staffId));
  return { totpSealed: sealed, totpKeyId: keyId };
}

export function openTotpSecret(ring: SecretKeyRing, row: StaffRow): string {
  if (!row.totpSealed || !row.totpKeyId) throw new Error(`staff ${row.id} has no authenticator`);
  return ring.open(row.totpSealed, row.totpKeyId, contextOf(row.id));
}

/**
 * The secret a staff member is to enrol: the one waiting for its first code, or a new one. The
 * same secret comes back until confirmed, so a QR scanned at the first try still works later.
 */
export async function startEnrolment(
  db: Db,
  ring: SecretKeyRing,
  account: StaffRow,
): Promise<StaffRow> {
  if (account.totpSealed) return account;
  const sealed = sealTotpSecret(ring, account.id, newTotpSecret());
  await updateStaff(db, account.id, { ...sealed, totpConfirmedAt: null, totpLastStep: null });
  return { ...account, ...sealed, totpConfirmedAt: null, totpLastStep: null };
}

/** Seals again under the ring's current key every secret sealed under another (a rotation). */
export async function resealStaffSecrets(db: Db, ring: SecretKeyRing): Promise<number> {
  const rows = await db
    .select()
    .from(staff)
    .where(and(isNotNull(staff.totpSealed), ne(staff.totpKeyId, ring.currentId)));
  for (const row of rows) {
    const sealed = sealTotpSecret(ring, row.id, openTotpSecret(ring, row));
    await db
      .update(staff)
      .set(sealed)
      .where(and(eq(staff.id, row.id), eq(staff.totpSealed, row.totpSealed ?? '')));
  }
  return rows.length;
}
