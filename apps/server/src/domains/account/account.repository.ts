import { randomInt } from 'node:crypto';
import { MEMBER_ID_MAX } from '@wallet/contract/account';
import type { StaffPage } from '@wallet/contract/staff';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  like,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, ledgerTransactions, memberBonuses, memberNotes, members } from '../../db/schema';

export async function findMemberByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, username));
  return row ?? null;
}

export async function memberExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.id, id));
  return row !== undefined;
}

/** The member whose payout account this is: one at most (members_bank_account_key). */
export async function findMemberByBankAccount(db: Db, bankCode: string, bankAccountNo: string) {
  const [row] = await db
    .select({ id: members.id, currency: members.currency })
    .from(members)
    .where(and(eq(members.bankCode, bankCode), eq(members.bankAccountNo, bankAccountNo)));
  return row ?? null;
}

/** Whether another member already holds this payout account (EXISTING_BANK). */
export async function bankAccountTaken(
  db: Db,
  bankCode: string,
  bankAccountNo: string,
): Promise<boolean> {
  return (await findMemberByBankAccount(db, bankCode, bankAccountNo)) !== null;
}

export type NewMember = {
  username: string;
  name: string;
  passwordHash: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currency: 'BAHT' | 'LAK';
  sourceCode: string | null;
  inviterId: number | null;
};

/**
 * New members' ids are drawn at random from 9- and 10-digit numbers that fit the integer column
 * (docs/decisions/0055-member-ids.md): the id is the invite code's number and is shown on the
 * profile, so it must not count the members or point at the next one.
 */
export const MEMBER_ID_MIN = 100_000_000;

export async function insertMember(db: Db, member: NewMember): Promise<{ id: number }> {
  // An id already taken is drawn again (ON CONFLICT on the id only: a taken username or bank
  // account still fails, for the caller). With millions of members a clash is rare, so a few
  // draws always suffice; the loop's bound only keeps a fault from spinning.
  for (let draw = 0; draw < 8; draw++) {
    const id = randomInt(MEMBER_ID_MIN, MEMBER_ID_MAX + 1);
    const [row] = await db
      .insert(members)
      .values({ ...member, id })
      .onConflictDoNothing({ target: members.id })
      .returning({ id: members.id });
    if (row) return row;
  }
  throw new Error('no free member id in 8 draws');
}

export async function findProfileRow(db: Db, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      name: members.name,
      username: members.username,
      coin: members.coin,
      createdAt: members.createdAt,
      bankCode: members.bankCode,
      bankAccountName: members.bankAccountName,
      bankAccountNo: members.bankAccountNo,
      currency: members.currency,
      bankNameTh: banks.nameTh,
      bankNameEn: banks.nameEn,
    })
    .from(members)
    .innerJoin(banks, eq(banks.code, members.bankCode))
    .where(eq(members.id, memberId));
  return row ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

export async function findPasswordHash(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.passwordHash ?? null;
}

export async function updateMember(
  db: Db,
  memberId: number,
  changes: Partial<Pick<NewMember, 'name' | 'bankAccountName' | 'passwordHash'>>,
): Promise<void> {
  await db
    .update(members)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(members.id, memberId));
}

const memberColumns = { createdAt: members.createdAt, name: members.name };

/**
 * What a staff search matches (docs/backoffice.md): the id or invite code (`PR<id>`), the phone
 * (the username, with or without the leading 0 or +66/+856), the bank account number, or a part
 * of the name.
 */
function memberSearch(q: string): SQL | undefined {
  const digits = q.replace(/[\s-]/g, '');
  const id = /^(pr)?\d{1,10}$/i.test(digits) ? Number(digits.replace(/^pr/i, '')) : null;
  const phoneTail = /^\+?\d{6,}$/.test(digits)
    ? digits.replace(/^\+?(66|856)/, '').replace(/^0/, '')
    : null;
  const name = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    id !== null && Number.isSafeInteger(id) && id <= 2_147_483_647 ? eq(members.id, id) : undefined,
    phoneTail ? like(members.username, `%${phoneTail}`) : undefined,
    /^\d{6,}$/.test(digits) ? eq(members.bankAccountNo, digits) : undefined,
    ilike(members.name, name),
  );
}

/** A member as a staff search lists them; the member's page reads these and more. */
const memberSummaryColumns = {
  id: members.id,
  username: members.username,
  name: members.name,
  active: members.active,
  bankCode: members.bankCode,
  bankAccountNo: members.bankAccountNo,
  currency: members.currency,
  createdAt: members.createdAt,
};

/** One page of the members a staff search finds, and how many it finds in all. */
export async function searchMembers(
  db: Db,
  q: string,
  page: StaffPage<keyof typeof memberColumns>,
) {
  const where = memberSearch(q);
  const direction = page.order === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select(memberSummaryColumns)
      .from(members)
      .where(where)
      .orderBy(direction(memberColumns[page.sort]), direction(members.id))
      .offset((page.page - 1) * page.limit)
      .limit(page.limit),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The member's fields staff set from the back office. */
type StaffSetFields = { active: boolean; tags: string[] };

/**
 * Sets one of the member's staff-set fields under the row's lock; answers what it was, or null
 * for no such member.
 */
export async function replaceMemberField<F extends keyof StaffSetFields>(
  db: Db,
  memberId: number,
  field: F,
  value: StaffSetFields[F],
): Promise<StaffSetFields[F] | null> {
  const [before] = await db
    .select({ value: members[field] })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!before) return null;
  await db
    .update(members)
    .set({ [field]: value, updatedAt: sql`now()` })
    .where(eq(members.id, memberId));
  return before.value as StaffSetFields[F];
}

/** A member as staff see them (no password hash). */
export async function findMemberForStaff(db: Db, memberId: number) {
  const [row] = await db
    .select({
      ...memberSummaryColumns,
      bankAccountName: members.bankAccountName,
      sourceCode: members.sourceCode,
      inviterId: members.inviterId,
      coin: members.coin,
      tags: members.tags,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}

export async function insertMemberNote(
  db: Db,
  note: { memberId: number; staff: string; body: string },
): Promise<{ id: number }> {
  const [row] = await db.insert(memberNotes).values(note).returning({ id: memberNotes.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A member's latest notes, newest first. */
export function memberNotesOf(db: Db, memberId: number, limit = 50) {
  return db
    .select({
      id: memberNotes.id,
      at: memberNotes.createdAt,
      staff: memberNotes.staff,
      body: memberNotes.body,
    })
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId))
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
    .limit(limit);
}

/**
 * The latest withdrawal a member asked for within `withinMs` after taking a bonus, since
 * `since`: the pattern of taking a bonus and cashing out at once (the back office's flags).
 */
export async function bonusThenWithdrawal(db: Db, memberId: number, since: Date, withinMs: number) {
  const [row] = await db
    .select({
      bonusAt: memberBonuses.createdAt,
      withdrawalAt: ledgerTransactions.createdAt,
      amount: ledgerTransactions.amount,
    })
    .from(memberBonuses)
    .innerJoin(
      ledgerTransactions,
      and(
        eq(ledgerTransactions.memberId, memberBonuses.memberId),
        eq(ledgerTransactions.type, 'withdraw'),
        ne(ledgerTransactions.status, 'failed'),
        gte(ledgerTransactions.createdAt, memberBonuses.createdAt),
        lte(
          ledgerTransactions.createdAt,
          sql`${memberBonuses.createdAt} + ${`${withinMs} milliseconds`}::interval`,
        ),
      ),
    )
    .where(and(eq(memberBonuses.memberId, memberId), gte(memberBonuses.createdAt, since)))
    .orderBy(desc(ledgerTransactions.createdAt))
    .limit(1);
  return row ?? null;
}
