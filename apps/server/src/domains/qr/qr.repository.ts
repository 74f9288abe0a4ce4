import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depositAccounts, qrCallbacks, qrCodes } from '../../db/schema';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type NewQrCode = Pick<
  QrCodeRow,
  'id' | 'provider' | 'memberId' | 'amount' | 'currency' | 'payload' | 'providerRef' | 'expiresAt'
>;

/**
 * The operator's account at a QR provider in a currency: its merchant id (the account number).
 * KBANK takes QR payments only in AUTO mode (the spec's screens).
 */
export async function findQrMerchant(db: Db, provider: string, currency: string) {
  const [row] = await db
    .select({ accountNo: depositAccounts.accountNo })
    .from(depositAccounts)
    .where(
      and(
        eq(depositAccounts.bankCode, provider),
        eq(depositAccounts.currency, currency),
        eq(depositAccounts.active, true),
        eq(depositAccounts.mode, 'AUTO'),
      ),
    )
    .orderBy(asc(depositAccounts.sortOrder), asc(depositAccounts.id))
    .limit(1);
  return row ?? null;
}

/** The member's live QR at a provider that has not run out yet. */
export async function findLiveQr(db: Db, memberId: number, provider: string) {
  const [row] = await db
    .select()
    .from(qrCodes)
    .where(
      and(
        eq(qrCodes.memberId, memberId),
        eq(qrCodes.provider, provider),
        eq(qrCodes.state, 'live'),
        gt(qrCodes.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

export async function findQr(db: Db, id: string) {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.id, id));
  return row ?? null;
}

/**
 * Stores a new live QR; false when the member already holds a live one at this provider (the
 * partial unique index decides, so two concurrent creations keep one).
 */
export async function insertQr(db: Db, qr: NewQrCode): Promise<boolean> {
  const inserted = await db
    .insert(qrCodes)
    .values({ ...qr, state: 'live' })
    .onConflictDoNothing()
    .returning({ id: qrCodes.id });
  return inserted.length > 0;
}

/**
 * Marks run-out QRs expired: the one given, or every one (the sweep). A QR is only ever moved out
 * of `live` by one conditional update, so pay, cancel and expiry cannot both win.
 */
export async function expireQrs(db: Db, filter: { id?: string; memberId?: number } = {}) {
  return db
    .update(qrCodes)
    .set({ state: 'expired', settledAt: sql`now()` })
    .where(
      and(
        eq(qrCodes.state, 'live'),
        lte(qrCodes.expiresAt, sql`now()`),
        filter.id === undefined ? undefined : eq(qrCodes.id, filter.id),
        filter.memberId === undefined ? undefined : eq(qrCodes.memberId, filter.memberId),
      ),
    )
    .returning({ id: qrCodes.id });
}

/** The member cancels a live QR of theirs; null when there is none with that id. */
export async function cancelQr(db: Db, id: string, memberId: number) {
  const [row] = await db
    .update(qrCodes)
    .set({ state: 'cancelled', settledAt: sql`now()` })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.memberId, memberId), eq(qrCodes.state, 'live')))
    .returning();
  return row ?? null;
}

/** The provider reports the QR paid: it moves to `paid` only while live and in time. */
export async function markQrPaid(db: Db, id: string) {
  const [row] = await db
    .update(qrCodes)
    .set({ state: 'paid', settledAt: sql`now()` })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.state, 'live'), gt(qrCodes.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function linkQrTransaction(db: Db, id: string, transactionId: number) {
  await db
    .update(qrCodes)
    .set({ transactionId })
    .where(and(eq(qrCodes.id, id), isNull(qrCodes.transactionId)));
}

/** Paid QRs whose credit has not been linked: a process died between the two steps. */
export async function listPaidUncredited(db: Db, limit = 100) {
  return db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.state, 'paid'), isNull(qrCodes.transactionId)))
    .orderBy(asc(qrCodes.settledAt))
    .limit(limit);
}

export type CallbackOutcome = 'credited' | 'replayed' | 'late' | 'amount_mismatch' | 'unknown_qr';

export async function recordCallback(
  db: Db,
  callback: {
    provider: string;
    qrcodeId: string;
    paymentId: string;
    amount: number;
    outcome: CallbackOutcome;
  },
): Promise<void> {
  await db.insert(qrCallbacks).values(callback);
}

/** What providers reported about one QR, oldest first (the operator's view). */
export async function listCallbacks(db: Db, qrcodeId: string) {
  return db
    .select()
    .from(qrCallbacks)
    .where(eq(qrCallbacks.qrcodeId, qrcodeId))
    .orderBy(asc(qrCallbacks.id));
}
