import { and, asc, desc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { IdempotencyTicket } from '../../core/idempotency/idempotency';
import { answeringKey, LEASE_MS } from '../../core/idempotency/key-statements';
import type { Db } from '../../db/client';
import { coupons, members, spinSlices, spins, spinwheels } from '../../db/schema';
import { rows } from '../../db/statement';

export type WheelRow = typeof spinwheels.$inferSelect;
export type SliceRow = typeof spinSlices.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** The member's coins and the currency their wallet (and so their wheel) is in. */
export async function findSpinner(db: Db, memberId: number) {
  const [row] = await db
    .select({ coin: members.coin, currency: members.currency })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}

/** The running wheel in a currency (at most one wheel is active: spinwheels_one_active_key). */
export async function findActiveWheel(db: Db, currency: string): Promise<WheelRow | null> {
  const [row] = await db
    .select()
    .from(spinwheels)
    .where(and(eq(spinwheels.active, true), eq(spinwheels.currency, currency)));
  return row ?? null;
}

/** A wheel's slices in the order the wheel draws them, clockwise from the top. */
export async function listSlices(db: Db, wheelId: number): Promise<SliceRow[]> {
  return db
    .select()
    .from(spinSlices)
    .where(eq(spinSlices.wheelId, wheelId))
    .orderBy(asc(spinSlices.sortOrder), asc(spinSlices.id));
}

/**
 * Spends one of the member's coins: `coin = coin - 1 where coin > 0`, one statement, so parallel
 * spins queue on the member's row and never spend a coin that is not there. Answers the coins
 * left, or null when there was none to spend.
 */
export async function spendCoin(db: Db, memberId: number): Promise<number | null> {
  const [row] = await db
    .update(members)
    .set({ coin: sql`${members.coin} - 1` })
    .where(and(eq(members.id, memberId), gt(members.coin, 0)))
    .returning({ coin: members.coin });
  return row ? row.coin : null;
}

export async function insertSpin(
  db: Db,
  spin: { memberId: number; wheelId: number; sliceId: number },
): Promise<number> {
  const [row] = await db.insert(spins).values(spin).returning({ id: spins.id });
  if (!row) throw new Error('the spin was not recorded');
  return row.id;
}

/** The coupon a prize slice gives, claimable for the wheel's `coupon_days` from now. */
export async function insertCoupon(
  db: Db,
  coupon: Pick<CouponRow, 'memberId' | 'spinId' | 'sliceId' | 'kind' | 'amount' | 'currency'>,
  days: number,
): Promise<void> {
  await db.insert(coupons).values({
    ...coupon,
    state: 'open',
    expiresAt: sql`now() + make_interval(days => ${days})`,
  });
}

/**
 * Stores a keyed spin's answer in the spin's own transaction (like Ledger.settle does for a
 * money call: docs/decisions/0034), so the coin, the spin and the answer commit together and a
 * retry after a crash can never spend a second coin. Only while this process still holds the
 * key (decision 0036): false when it was taken over, and the caller rolls back.
 */
export async function answerKeyedSpin(
  db: Db,
  ticket: IdempotencyTicket,
  answer: unknown,
): Promise<boolean> {
  const stored = await rows<{ key: string }>(
    db,
    sql`${answeringKey(
      ticket,
      200,
      sql`${JSON.stringify(answer)}::jsonb`,
      sql`(select 1) as one`,
      sql`k.holder = ${ticket.holder} and k.state = 'running'`,
    )} returning k.key`,
  );
  return stored.length > 0;
}

/**
 * A coupon with its slice, whether it has run out, and whether it was claimed longer ago than a
 * live request holds its key (LEASE_MS, docs/decisions/0036), by the database's clock.
 */
const couponView = {
  coupon: coupons,
  slice: spinSlices,
  expired: sql<boolean>`${coupons.expiresAt} <= now()`,
  claimedLongAgo: sql<boolean>`coalesce(${coupons.claimedAt} < now() - make_interval(secs => ${LEASE_MS / 1000}), false)`,
};

function selectCoupons(db: Db, where: SQL | undefined) {
  return db
    .select(couponView)
    .from(coupons)
    .innerJoin(spinSlices, eq(spinSlices.id, coupons.sliceId))
    .where(where);
}

export type CouponView = Awaited<ReturnType<typeof selectCoupons>>[number];

export async function findCoupon(db: Db, id: number): Promise<CouponView | null> {
  const [row] = await selectCoupons(db, eq(coupons.id, id));
  return row ?? null;
}

/** The member's open coupons that can still be claimed, newest first. */
export async function listOpenCoupons(db: Db, memberId: number): Promise<CouponView[]> {
  return selectCoupons(
    db,
    and(
      eq(coupons.memberId, memberId),
      eq(coupons.state, 'open'),
      gt(coupons.expiresAt, sql`now()`),
    ),
  ).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

/**
 * The claim: open → claimed by one conditional update (the member's, open, not run out), so of
 * any number of claims at once exactly one moves it. Null when this call did not.
 */
export async function claimCoupon(db: Db, id: number, memberId: number) {
  const [row] = await db
    .update(coupons)
    .set({ state: 'claimed', claimedAt: sql`now()` })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.memberId, memberId),
        eq(coupons.state, 'open'),
        gt(coupons.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: coupons.id });
  return row ?? null;
}

export async function linkCouponTransaction(db: Db, id: number, transactionId: number) {
  await db
    .update(coupons)
    .set({ transactionId })
    .where(and(eq(coupons.id, id), isNull(coupons.transactionId)));
}

/**
 * Claimed coupons whose credit has not been linked, claimed more than `graceMs` ago (their own
 * request is done with them): a process died between the claim and the credit.
 */
export async function listClaimedUncredited(
  db: Db,
  graceMs: number,
  limit = 100,
): Promise<CouponView[]> {
  return selectCoupons(
    db,
    and(
      eq(coupons.state, 'claimed'),
      isNull(coupons.transactionId),
      lte(coupons.claimedAt, sql`now() - make_interval(secs => ${graceMs / 1000})`),
    ),
  )
    .orderBy(asc(coupons.claimedAt))
    .limit(limit);
}
