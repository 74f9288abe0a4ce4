import { currencyCountry } from '@wallet/contract/constants';
import {
  type DepositAccountFields,
  type DepositAccountsResponse,
  depositBankTypeOf,
  isWholeOrder,
  OperatorDepositAccountSchema,
  OperatorTruemoneyAccountSchema,
  type TruemoneyAccountFields,
  type TruemoneyAccountsResponse,
} from '@wallet/contract/operator-accounts';
import type { AuditLog } from '../../core/audit/audit';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/pg-errors';
import { DomainError } from '../../lib/domain-error';
import { findBankCountry } from '../lookup/lookup.repository';
import type { ChangedBy } from '../staff/staff-accounts';
import {
  findDepositAccountByNumber,
  insertDepositAccount,
  insertTruemoneyAccount,
  listAllDepositAccounts,
  listAllTruemoneyAccounts,
  lockDepositAccount,
  lockOrder,
  lockTruemoneyAccount,
  type OrderedTable,
  updateDepositAccount,
  updateTruemoneyAccount,
  writeOrder,
} from './operator-accounts.repository';

/** The fields of `before` that differ in `after`, each side on its own: the audit's record. */
export function changedFields<T extends object>(before: T, after: T) {
  const keys = (Object.keys(after) as (keyof T)[]).filter((key) => before[key] !== after[key]);
  const pick = (row: T) => Object.fromEntries(keys.map((key) => [key, row[key]]));
  return { changed: keys.length > 0, before: pick(before), after: pick(after) };
}

/**
 * A bank account is kept once, and holds its bank's country's currency: a kip account read as
 * baht would credit a transfer 650 times over (docs/decisions/0050).
 */
async function checkDepositAccount(
  db: Db,
  id: number | null,
  values: DepositAccountFields & { bankType: string },
) {
  const same = await findDepositAccountByNumber(db, values.bankCode, values.accountNo);
  if (same && same.id !== id) {
    throw new DomainError('EXISTING_BANK', { field: 'account.accountNo' });
  }
  if (values.bankType !== 'BANK') return;
  const country = await findBankCountry(db, values.bankCode);
  if (country === null) throw new DomainError('KEY_INVALID', { field: 'account.bankCode' });
  if (currencyCountry[values.currency] !== country) {
    throw new DomainError('KEY_INVALID', { field: 'account.currency' });
  }
}

/**
 * The accounts members pay into (docs/backoffice.md, "Settings"; issue 33): bank accounts and
 * QR providers' merchant accounts, and TrueMoney wallets. Each change is written with its audit
 * entry (before, after, the reason) in one transaction. Members read these rows on each deposit
 * lookup and QR creation, so a change reaches them on their next call, on every process.
 */
export class OperatorAccounts {
  constructor(private readonly deps: { db: Db; audit: AuditLog }) {}

  async depositAccounts(): Promise<DepositAccountsResponse> {
    const rows = await listAllDepositAccounts(this.deps.db);
    return { accounts: rows.map((row) => OperatorDepositAccountSchema.parse(row)) };
  }

  async truemoneyAccounts(): Promise<TruemoneyAccountsResponse> {
    const rows = await listAllTruemoneyAccounts(this.deps.db);
    return { accounts: rows.map((row) => OperatorTruemoneyAccountSchema.parse(row)) };
  }

  /** `id` null adds the account (after every other); else it replaces the account's fields. */
  async saveDepositAccount(
    id: number | null,
    fields: DepositAccountFields,
    reason: string,
    by: ChangedBy,
  ) {
    const values = { ...fields, bankType: depositBankTypeOf(fields.bankCode) };
    try {
      const row = await this.save(
        {
          kind: 'deposit-account',
          lock: lockDepositAccount,
          check: (tx) => checkDepositAccount(tx, id, values),
          insert: (tx) => insertDepositAccount(tx, values),
          update: (tx, rowId) => updateDepositAccount(tx, rowId, values),
        },
        id,
        reason,
        by,
      );
      return OperatorDepositAccountSchema.parse(row);
    } catch (error) {
      // Two staff adding the same account at once: the second meets the table's unique key.
      if (uniqueViolation(error) === 'deposit_accounts_bank_account_key') {
        throw new DomainError('EXISTING_BANK', { field: 'account.accountNo' });
      }
      throw error;
    }
  }

  async saveTruemoneyAccount(
    id: number | null,
    fields: TruemoneyAccountFields,
    reason: string,
    by: ChangedBy,
  ) {
    const row = await this.save(
      {
        kind: 'truemoney-account',
        lock: lockTruemoneyAccount,
        insert: (tx) => insertTruemoneyAccount(tx, fields),
        update: (tx, rowId) => updateTruemoneyAccount(tx, rowId, fields),
      },
      id,
      reason,
      by,
    );
    return OperatorTruemoneyAccountSchema.parse(row);
  }

  /**
   * Adds (`id` null) or changes one account with its audit entry in one transaction: the whole
   * new account when added, the fields that changed before and after when changed; a change
   * that changes nothing writes nothing. An unknown id is NO_DATA.
   */
  private save<Row extends { id: number }>(
    store: {
      kind: 'deposit-account' | 'truemoney-account';
      lock: (db: Db, id: number) => Promise<Row | null>;
      check?: (db: Db) => Promise<void>;
      insert: (db: Db) => Promise<Row>;
      update: (db: Db, id: number) => Promise<Row>;
    },
    id: number | null,
    reason: string,
    by: ChangedBy,
  ): Promise<Row> {
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      const before = id === null ? null : await store.lock(tx, id);
      if (id !== null && !before) throw new DomainError('NO_DATA');
      await store.check?.(tx);
      const after = id === null ? await store.insert(tx) : await store.update(tx, id);
      const change = before ? changedFields(before, after) : null;
      if (change && !change.changed) return after;
      await audit.append(
        {
          ...by,
          action: `settings.${store.kind}`,
          target: `${store.kind}:${after.id}`,
          reason,
          before: change ? change.before : null,
          after: change ? change.after : after,
        },
        tx,
      );
      return after;
    });
  }

  /**
   * Puts every row of the table in the order given, which must name each row once (else
   * KEY_INVALID on `field`: a list from a stale screen). Shared with the game providers.
   */
  reorder(
    which: OrderedTable,
    order: readonly (number | string)[],
    field: string,
    reason: string,
    by: ChangedBy,
  ): Promise<void> {
    return reorderRows(this.deps, which, order, field, reason, by);
  }
}

/** Writes a table's whole order with its audit entry (before and after) in one transaction. */
export async function reorderRows(
  { db, audit }: { db: Db; audit: AuditLog },
  which: OrderedTable,
  order: readonly (number | string)[],
  field: string,
  reason: string,
  by: ChangedBy,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOrder(tx, which);
    if (!isWholeOrder(order, before)) throw new DomainError('KEY_INVALID', { field });
    if (before.every((key, i) => order[i] === key)) return;
    await writeOrder(tx, which, order);
    await audit.append(
      {
        ...by,
        action: `settings.${which}-order`,
        target: `settings:${which}-order`,
        reason,
        before: { order: before },
        after: { order },
      },
      tx,
    );
  });
}
