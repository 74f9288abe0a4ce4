import type { SlipNoteCode } from '@wallet/contract/errors';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransfers, members, slips } from '../../db/schema';

export type SlipRow = typeof slips.$inferSelect;

export async function insertSlip(
  db: Db,
  slip: { memberId: number; fileKey: string; contentType: string; size: number; amount: number },
): Promise<SlipRow> {
  const [row] = await db
    .insert(slips)
    .values({ ...slip, status: 'processing' })
    .returning();
  if (!row) throw new Error('slip not inserted');
  return row;
}

export async function findSlip(db: Db, id: number): Promise<SlipRow | null> {
  const [row] = await db.select().from(slips).where(eq(slips.id, id));
  return row ?? null;
}

export async function countSlips(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(slips).where(eq(slips.memberId, memberId));
  return row?.n ?? 0;
}

/** The member's slips, newest first. */
export async function listSlips(db: Db, memberId: number, offset: number, limit: number) {
  return db
    .select()
    .from(slips)
    .where(eq(slips.memberId, memberId))
    .orderBy(desc(slips.createdAt), desc(slips.id))
    .offset(offset)
    .limit(limit);
}

/** The member's newest slip read as `reference`; another member's is never found. */
export async function findOwnSlipByReference(
  db: Db,
  memberId: number,
  reference: string,
): Promise<SlipRow | null> {
  const [row] = await db
    .select()
    .from(slips)
    .where(and(eq(slips.memberId, memberId), eq(slips.reference, reference)))
    .orderBy(desc(slips.createdAt), desc(slips.id))
    .limit(1);
  return row ?? null;
}

/** Slips still processing after `olderThanMs`: their job was lost or gave up (the sweep's list). */
export async function listStaleSlips(db: Db, olderThanMs: number): Promise<number[]> {
  const found = await db
    .select({ id: slips.id })
    .from(slips)
    .where(
      and(
        eq(slips.status, 'processing'),
        lt(slips.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(slips.createdAt))
    .limit(100);
  return found.map((row) => row.id);
}

/** What the verifier said about a slip's transfer, kept on the slip whatever the outcome. */
export type SlipTransfer = {
  reference: string;
  sendingBank: string;
  amount: number;
  transferredAt: Date;
};

/**
 * processing → failed with the verifier's reason. Conditional: a slip another run finished
 * stays as that run left it. Answers whether this call finished it.
 */
export async function failSlip(
  db: Db,
  id: number,
  note: SlipNoteCode,
  transfer: SlipTransfer | null = null,
): Promise<boolean> {
  const changed = await db
    .update(slips)
    .set({ status: 'failed', note, verifiedAt: sql`now()`, ...transfer })
    .where(and(eq(slips.id, id), eq(slips.status, 'processing')))
    .returning({ id: slips.id });
  return changed.length > 0;
}

/** processing → success, with the credit's ledger transaction. Conditional, like failSlip. */
export async function succeedSlip(db: Db, id: number, transactionId: number): Promise<boolean> {
  const changed = await db
    .update(slips)
    .set({ status: 'success', note: null, transactionId, verifiedAt: sql`now()` })
    .where(and(eq(slips.id, id), eq(slips.status, 'processing')))
    .returning({ id: slips.id });
  return changed.length > 0;
}

/**
 * Takes the transfer's reference for this slip among slips: false when another slip that is
 * not failed holds it (the same transfer uploaded again). Under a transaction-scoped advisory
 * lock on the reference, so two slips of one transfer verified at the same moment are taken
 * one after the other and the second sees the first (READ COMMITTED reads what committed
 * before each statement).
 */
export async function claimSlipReference(
  db: Db,
  id: number,
  transfer: SlipTransfer,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slip:${transfer.reference}`}))`);
    const changed = await tx
      .update(slips)
      .set(transfer)
      .where(
        and(
          eq(slips.id, id),
          eq(slips.status, 'processing'),
          sql`not exists (select 1 from slips other where other.reference = ${transfer.reference}
            and other.id <> ${id} and other.status <> 'failed')`,
        ),
      )
      .returning({ id: slips.id });
    return changed.length > 0;
  });
}

/** Whether the bank feed reported this transfer (docs/decisions/0040). */
export async function bankFeedReported(db: Db, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ reference: bankTransfers.reference })
    .from(bankTransfers)
    .where(eq(bankTransfers.reference, reference));
  return row !== undefined;
}

/**
 * The notes of a slip the verifier could not decide: it could not read the picture, or had no
 * answer. Staff look at the picture (docs/backoffice.md); a slip refused for a reason the
 * verifier was sure of (duplicate, expired, another account) is not among them.
 */
export const undecidedNotes = [
  'UNKNOW_ERROR',
  'INVALID_SLIP',
  'UNSTABLE_REFNO_ON_SLIP',
  'CANNOT_READ_CROPPED_IMAGE',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'TRIPPLE_WRONG_CAPTCHA',
] as const;

/** Undecided slips nobody has looked at yet, oldest first, with the member's phone and currency. */
export async function listUndecidedSlips(db: Db, limit = 200, id?: number) {
  return db
    .select({ slip: slips, username: members.username, currency: members.currency })
    .from(slips)
    .innerJoin(members, eq(members.id, slips.memberId))
    .where(
      and(
        eq(slips.status, 'failed'),
        inArray(slips.note, [...undecidedNotes]),
        isNull(slips.reviewedAt),
        id === undefined ? undefined : eq(slips.id, id),
      ),
    )
    .orderBy(asc(slips.createdAt))
    .limit(limit);
}

/** Staff's decision on an undecided slip, once: true when this call made it. */
export async function reviewSlip(
  db: Db,
  id: number,
  review: { reviewedBy: number; status: 'success' | 'failed'; note: string | null } & Partial<
    Pick<typeof slips.$inferInsert, 'transactionId' | 'reference' | 'amount'>
  >,
): Promise<boolean> {
  const changed = await db
    .update(slips)
    .set({ ...review, reviewedAt: sql`now()` })
    .where(
      and(
        eq(slips.id, id),
        eq(slips.status, 'failed'),
        inArray(slips.note, [...undecidedNotes]),
        isNull(slips.reviewedAt),
      ),
    )
    .returning({ id: slips.id });
  return changed.length > 0;
}
