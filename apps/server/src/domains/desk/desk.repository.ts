import type { StaffPage } from '@wallet/contract/staff';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { adjustments, members, staff } from '../../db/schema';

export type AdjustmentRow = typeof adjustments.$inferSelect;

export async function memberCurrency(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ currency: members.currency })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.currency ?? null;
}

export async function insertAdjustment(
  db: Db,
  row: Pick<
    typeof adjustments.$inferInsert,
    | 'kind'
    | 'bankReference'
    | 'slipId'
    | 'memberId'
    | 'amount'
    | 'currency'
    | 'reason'
    | 'requestedBy'
  >,
): Promise<AdjustmentRow> {
  const [inserted] = await db.insert(adjustments).values(row).returning();
  if (!inserted) throw new Error('the adjustment was not inserted');
  return inserted;
}

export async function findAdjustment(db: Db, id: number): Promise<AdjustmentRow | null> {
  const [row] = await db.select().from(adjustments).where(eq(adjustments.id, id));
  return row ?? null;
}

/** The adjustment, locked until the transaction ends: its decision is made once. */
export async function lockAdjustment(db: Db, id: number): Promise<AdjustmentRow | null> {
  const [row] = await db.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
  return row ?? null;
}

export async function decideAdjustment(
  db: Db,
  id: number,
  decision: Partial<
    Pick<
      typeof adjustments.$inferInsert,
      'status' | 'decidedBy' | 'decidedAt' | 'decisionReason' | 'transactionId'
    >
  >,
): Promise<void> {
  await db.update(adjustments).set(decision).where(eq(adjustments.id, id));
}

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

/**
 * The credits waiting for approval that these kept transfers (`bank_transfer`, by reference) or
 * undecided slips (`slip`, by id) have: one at most each (a unique index per transfer and slip).
 */
export async function pendingCredits(
  db: Db,
  of: { kind: 'bank_transfer'; references: string[] } | { kind: 'slip'; slipIds: number[] },
) {
  const keys = of.kind === 'slip' ? of.slipIds : of.references;
  if (keys.length === 0) return [];
  return db
    .select({
      adjustmentId: adjustments.id,
      bankReference: adjustments.bankReference,
      slipId: adjustments.slipId,
      memberId: adjustments.memberId,
      amount: adjustments.amount,
      requestedBy: staff.username,
    })
    .from(adjustments)
    .innerJoin(staff, eq(staff.id, adjustments.requestedBy))
    .where(
      and(
        eq(adjustments.kind, of.kind),
        eq(adjustments.status, 'pending'),
        of.kind === 'slip'
          ? inArray(adjustments.slipId, of.slipIds)
          : inArray(adjustments.bankReference, of.references),
      ),
    );
}

export type AdjustmentFilter = { status?: string | undefined; memberId?: number | undefined };

const adjustmentColumns = { createdAt: adjustments.createdAt, amount: adjustments.amount };

function adjustmentsWhere(filter: AdjustmentFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(adjustments.status, filter.status));
  if (filter.memberId) where.push(eq(adjustments.memberId, filter.memberId));
  return and(...where);
}

export async function countAdjustments(db: Db, filter: AdjustmentFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(adjustments)
    .where(adjustmentsWhere(filter));
  return row?.total ?? 0;
}

/** One page of the adjustments the filter finds. */
export async function listAdjustments(
  db: Db,
  filter: AdjustmentFilter,
  page: StaffPage<keyof typeof adjustmentColumns>,
) {
  const direction = page.order === 'asc' ? asc : desc;
  return db
    .select({
      row: adjustments,
      requestedBy: requester.username,
      decidedBy: decider.username,
    })
    .from(adjustments)
    .innerJoin(requester, eq(requester.id, adjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, adjustments.decidedBy))
    .where(adjustmentsWhere(filter))
    .orderBy(direction(adjustmentColumns[page.sort]), direction(adjustments.id))
    .offset((page.page - 1) * page.limit)
    .limit(page.limit);
}
