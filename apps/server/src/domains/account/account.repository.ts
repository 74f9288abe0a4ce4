import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, members } from '../../db/schema';

export async function findMemberByUsername(db: Db, username: string) {
  const [row] = await db
    .select({
      id: members.id,
      passwordHash: members.passwordHash,
      active: members.active,
    })
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

export async function insertMember(db: Db, member: NewMember): Promise<{ id: number }> {
  const [row] = await db.insert(members).values(member).returning({ id: members.id });
  if (!row) throw new Error('insert into members returned no row');
  return row;
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
