import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, sources } from '../../db/schema';

/** A bank as the lookups show it. */
const bankColumns = {
  code: banks.code,
  nameTH: banks.nameTh,
  nameEN: banks.nameEn,
  country: banks.country,
};

export async function listBanks(db: Db, countries: readonly string[]) {
  return db
    .select(bankColumns)
    .from(banks)
    .where(and(eq(banks.active, true), inArray(banks.country, [...countries])))
    .orderBy(asc(banks.sortOrder), asc(banks.code));
}

export async function findBank(db: Db, code: string, countries: readonly string[]) {
  const [row] = await db
    .select(bankColumns)
    .from(banks)
    .where(
      and(eq(banks.code, code), eq(banks.active, true), inArray(banks.country, [...countries])),
    );
  return row ?? null;
}

export async function listSources(db: Db) {
  return db
    .select({ code: sources.code, description: sources.description })
    .from(sources)
    .where(eq(sources.active, true))
    .orderBy(asc(sources.sortOrder), asc(sources.code));
}

export async function sourceExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: sources.code })
    .from(sources)
    .where(and(eq(sources.code, code), eq(sources.active, true)));
  return row !== undefined;
}

/** The country of a bank, active or not (a member keeps the bank they registered with). */
export async function findBankCountry(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ country: banks.country }).from(banks).where(eq(banks.code, code));
  return row?.country ?? null;
}
