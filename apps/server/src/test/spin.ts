import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { coupons, members, spinSlices, spinwheels } from '../db/schema';
import { insertCoupon, insertSpin } from '../domains/spin/spin.repository';
import { call } from './harness';
import type { memberWithToken } from './members';
import { memberIdOf } from './money';

export type Member = Awaited<ReturnType<typeof memberWithToken>>;
export type Wheel = { name: string; slice: { code: string; label: string }[]; userCoin: number };
type OpenCoupon = {
  _id: string;
  prize: { name: string; slice: { code: string } };
  amount: number;
  kind: string;
};

/** A spin, with a fresh Idempotency-Key unless the test repeats one. */
export const spin = (app: FastifyInstance, m: Member, key: string = randomUUID()) =>
  call(app, 'POST', '/api/spinwheel/spin', {
    token: m.token,
    headers: { 'idempotency-key': key },
  });

/** A coupon's claim, with a fresh Idempotency-Key unless the test repeats one. */
export const claim = (
  app: FastifyInstance,
  m: Member,
  coupon: string,
  key: string = randomUUID(),
) =>
  call(app, 'POST', '/api/spinwheel/coupon/claim', {
    token: m.token,
    body: { coupon },
    headers: { 'idempotency-key': key },
  });

export async function openCoupons(app: FastifyInstance, m: Member): Promise<OpenCoupon[]> {
  const res = await call(app, 'GET', '/api/spinwheel/coupon', { token: m.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.coupons as OpenCoupon[];
}

export async function setCoins(db: Db, m: Member, coin: number) {
  await db
    .update(members)
    .set({ coin })
    .where(eq(members.id, await memberIdOf(db, m.username)));
}

export async function coinsOf(db: Db, m: Member) {
  const [row] = await db
    .select({ coin: members.coin })
    .from(members)
    .where(eq(members.id, await memberIdOf(db, m.username)));
  return row?.coin;
}

/**
 * A coupon of the seeded wheel's slice `code` for the member, as a spin that landed there writes
 * it (the spin itself is tested through the API).
 */
export async function couponOf(db: Db, m: Member, code: string, days = 7): Promise<string> {
  const memberId = await memberIdOf(db, m.username);
  const [slice] = await db
    .select({ id: spinSlices.id, wheelId: spinSlices.wheelId, kind: spinSlices.prizeKind })
    .from(spinSlices)
    .innerJoin(spinwheels, eq(spinwheels.id, spinSlices.wheelId))
    .where(and(eq(spinSlices.code, code), eq(spinwheels.name, 'Lucky wheel')));
  if (!slice) throw new Error(`no slice ${code}`);
  const spinId = await insertSpin(db, { memberId, wheelId: slice.wheelId, sliceId: slice.id });
  const amount = Number(code.replace(/\D/g, '')) * 100;
  const coupon = {
    memberId,
    spinId,
    sliceId: slice.id,
    kind: slice.kind,
    amount,
    currency: 'BAHT',
  };
  await insertCoupon(db, coupon, days);
  const [row] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.spinId, spinId));
  return String(row?.id);
}
