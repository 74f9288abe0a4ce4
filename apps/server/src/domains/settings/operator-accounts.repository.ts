import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depositAccounts, gameProviders, truemoneyAccounts } from '../../db/schema';

/**
 * The operator's accounts and game providers as the back office reads and writes them (issue
 * 33): every row, on or off, in the order members see them. Members' own reads stay in their
 * domains (deposit, games), which read the same rows on each call or within a second.
 */

const depositColumns = {
  id: depositAccounts.id,
  bankCode: depositAccounts.bankCode,
  bankType: depositAccounts.bankType,
  mode: depositAccounts.mode,
  nameTH: depositAccounts.nameTh,
  nameEN: depositAccounts.nameEn,
  accountName: depositAccounts.accountName,
  accountNo: depositAccounts.accountNo,
  currency: depositAccounts.currency,
  active: depositAccounts.active,
  sortOrder: depositAccounts.sortOrder,
};
export type DepositAccountRow = Awaited<ReturnType<typeof listAllDepositAccounts>>[number];
/** What a deposit account row is written with (its id and order are the table's). */
export type DepositAccountValues = Omit<DepositAccountRow, 'id' | 'sortOrder'>;

export function listAllDepositAccounts(db: Db) {
  return db
    .select(depositColumns)
    .from(depositAccounts)
    .orderBy(asc(depositAccounts.sortOrder), asc(depositAccounts.id));
}

/** The account, its row locked until the transaction `db` ends. */
export async function lockDepositAccount(db: Db, id: number): Promise<DepositAccountRow | null> {
  const [row] = await db
    .select(depositColumns)
    .from(depositAccounts)
    .where(eq(depositAccounts.id, id))
    .for('update');
  return row ?? null;
}

/** The account of that bank with that number, if any (one bank account is kept once). */
export async function findDepositAccountByNumber(db: Db, bankCode: string, accountNo: string) {
  const [row] = await db
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(
      sql`${depositAccounts.bankCode} = ${bankCode} and ${depositAccounts.accountNo} = ${accountNo}`,
    );
  return row ?? null;
}

/** Adds the account after every other one. */
export async function insertDepositAccount(
  db: Db,
  values: DepositAccountValues,
): Promise<DepositAccountRow> {
  const [row] = await db
    .insert(depositAccounts)
    .values({
      ...toDepositColumns(values),
      sortOrder: sql`(select coalesce(max(${depositAccounts.sortOrder}), -1) + 1 from ${depositAccounts})`,
    })
    .returning(depositColumns);
  if (!row) throw new Error('deposit account not inserted');
  return row;
}

export async function updateDepositAccount(
  db: Db,
  id: number,
  values: DepositAccountValues,
): Promise<DepositAccountRow> {
  const [row] = await db
    .update(depositAccounts)
    .set(toDepositColumns(values))
    .where(eq(depositAccounts.id, id))
    .returning(depositColumns);
  if (!row) throw new Error(`deposit account ${id} not updated`);
  return row;
}

function toDepositColumns({ nameTH, nameEN, ...rest }: DepositAccountValues) {
  return { ...rest, nameTh: nameTH, nameEn: nameEN };
}

const truemoneyColumns = {
  id: truemoneyAccounts.id,
  mode: truemoneyAccounts.mode,
  phone: truemoneyAccounts.phone,
  active: truemoneyAccounts.active,
  sortOrder: truemoneyAccounts.sortOrder,
};
export type TruemoneyAccountRow = typeof truemoneyAccounts.$inferSelect;
export type TruemoneyAccountValues = Omit<TruemoneyAccountRow, 'id' | 'sortOrder'>;

export function listAllTruemoneyAccounts(db: Db): Promise<TruemoneyAccountRow[]> {
  return db
    .select(truemoneyColumns)
    .from(truemoneyAccounts)
    .orderBy(asc(truemoneyAccounts.sortOrder), asc(truemoneyAccounts.id));
}

export async function lockTruemoneyAccount(
  db: Db,
  id: number,
): Promise<TruemoneyAccountRow | null> {
  const [row] = await db
    .select(truemoneyColumns)
    .from(truemoneyAccounts)
    .where(eq(truemoneyAccounts.id, id))
    .for('update');
  return row ?? null;
}

export async function insertTruemoneyAccount(
  db: Db,
  values: TruemoneyAccountValues,
): Promise<TruemoneyAccountRow> {
  const [row] = await db
    .insert(truemoneyAccounts)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${truemoneyAccounts.sortOrder}), -1) + 1 from ${truemoneyAccounts})`,
    })
    .returning(truemoneyColumns);
  if (!row) throw new Error('TrueMoney account not inserted');
  return row;
}

export async function updateTruemoneyAccount(
  db: Db,
  id: number,
  values: TruemoneyAccountValues,
): Promise<TruemoneyAccountRow> {
  const [row] = await db
    .update(truemoneyAccounts)
    .set(values)
    .where(eq(truemoneyAccounts.id, id))
    .returning(truemoneyColumns);
  if (!row) throw new Error(`TrueMoney account ${id} not updated`);
  return row;
}

export type GameProviderRow = typeof gameProviders.$inferSelect;

export function listAllGameProviders(db: Db): Promise<GameProviderRow[]> {
  return db
    .select()
    .from(gameProviders)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.code));
}

export async function lockGameProvider(db: Db, code: string): Promise<GameProviderRow | null> {
  const [row] = await db
    .select()
    .from(gameProviders)
    .where(eq(gameProviders.code, code))
    .for('update');
  return row ?? null;
}

export async function updateGameProvider(
  db: Db,
  code: string,
  values: Partial<
    Pick<GameProviderRow, 'active' | 'maintenance' | 'logo' | 'web' | 'android' | 'ios'>
  >,
): Promise<GameProviderRow> {
  const [row] = await db
    .update(gameProviders)
    .set(values)
    .where(eq(gameProviders.code, code))
    .returning();
  if (!row) throw new Error(`game provider ${code} not updated`);
  return row;
}

/**
 * The three tables whose rows members see in the operator's order, by what identifies a row:
 * the order is written whole (`sortOrder` = the position), under a lock on the table's rows, so
 * two reorders at once end in one of the two orders, never a mix.
 */
const ordered = {
  deposit: { table: depositAccounts, key: depositAccounts.id },
  truemoney: { table: truemoneyAccounts, key: truemoneyAccounts.id },
  games: { table: gameProviders, key: gameProviders.code },
} as const;
export type OrderedTable = keyof typeof ordered;

/** Every row's key in the order members see them, the rows locked until `db`'s transaction ends. */
export async function lockOrder(db: Db, which: OrderedTable): Promise<(number | string)[]> {
  const { table, key } = ordered[which];
  const rows = await db.select({ key, sortOrder: table.sortOrder }).from(table).for('update');
  return rows
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((row) => row.key);
}

export async function writeOrder(
  db: Db,
  which: OrderedTable,
  keys: readonly (number | string)[],
): Promise<void> {
  const { table, key } = ordered[which];
  for (const [position, each] of keys.entries()) {
    await db.update(table).set({ sortOrder: position }).where(eq(key, each));
  }
}
