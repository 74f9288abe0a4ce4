import type { AuditEntry, AuditQuery, AuditVerifyResponse } from '@wallet/contract/staff';
import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { configure } from 'safe-stable-stringify';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';

/** Who acted: a signed-in staff member, or nobody yet (a sign-in that failed). */
export type AuditActor = { id: number; username: string } | null;

export type AuditRecord = {
  actor: AuditActor;
  ip: string;
  /** What was done, `<area>.<verb>`: `staff.create`, `member.deactivate`, `login.failed`… */
  action: string;
  /** What it was done to: `member:<id>`, `staff:<username>`, `withdrawal:<id>`… */
  target?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

/** The hash the first entry chains onto. */
export const GENESIS_HASH = '0'.repeat(64);

/** An arbitrary constant: the advisory-lock key that puts appends to the log in one line. */
const APPEND_LOCK_KEY = 7_204_118;

/** Keys sorted at every depth, so jsonb's own key order does not change a hash. */
const canonical = configure({ deterministic: true, bigint: false, circularValue: Error });

type HashedFields = {
  at: Date;
  staffId: number | null;
  staffUsername: string | null;
  ip: string;
  action: string;
  target: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/**
 * A row's hash: its fields and the previous row's hash (formancehq/ledger's chained logs), so a
 * row changed, removed or put elsewhere in the order breaks every hash after it.
 */
export function entryHash(prevHash: string, row: HashedFields): string {
  const fields = [
    row.at.toISOString(),
    row.staffId,
    row.staffUsername,
    row.ip,
    row.action,
    row.target,
    row.reason,
    row.before ?? null,
    row.after ?? null,
  ];
  return sha256Hex(`${prevHash}\n${canonical(fields)}`);
}

/** Writes values as the hash saw them: what jsonb gives back must hash the same. */
const stored = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(canonical(value) ?? 'null');

/**
 * The audit log (docs/backoffice.md): every staff change and every refused attempt, written in
 * the change's own transaction, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and
 * hash-chained, so a row edited or removed behind the trigger's back shows in `verify`.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Appends an entry. Pass the transaction that makes the change, so the change and its entry
   * commit together; appends from every process take one lock in turn, so each row chains onto
   * the one before it.
   */
  async append(record: AuditRecord, db: Db = this.db): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_KEY})`);
      const [last] = await tx
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      const row = {
        at: this.now(),
        staffId: record.actor?.id ?? null,
        staffUsername: record.actor?.username ?? null,
        ip: record.ip.slice(0, 64),
        action: record.action,
        target: record.target ?? null,
        reason: record.reason ?? null,
        before: stored(record.before),
        after: stored(record.after),
      };
      const prevHash = last?.hash ?? GENESIS_HASH;
      await tx.insert(auditLog).values({ ...row, prevHash, hash: entryHash(prevHash, row) });
    });
  }

  /** Newest first, filtered; `before` continues below the previous page's last id. */
  async list(query: AuditQuery): Promise<AuditEntry[]> {
    const where: SQL[] = [];
    if (query.before !== undefined) where.push(lt(auditLog.id, query.before));
    if (query.staff) where.push(eq(auditLog.staffUsername, query.staff.toLowerCase()));
    if (query.target) where.push(eq(auditLog.target, query.target));
    if (query.action) where.push(eq(auditLog.action, query.action));
    if (query.from) where.push(gte(auditLog.at, new Date(query.from)));
    if (query.to) where.push(lte(auditLog.at, new Date(query.to)));
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(query.limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staff: row.staffUsername,
      action: row.action,
      target: row.target,
      reason: row.reason,
      ip: row.ip,
      before: row.before ?? null,
      after: row.after ?? null,
    }));
  }

  /** Walks the whole chain in id order; `brokenAt` is the first row that does not hold. */
  async verify(pageSize = 1000): Promise<AuditVerifyResponse> {
    let prevHash = GENESIS_HASH;
    let checked = 0;
    let afterId = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, afterId))
        .orderBy(asc(auditLog.id))
        .limit(pageSize);
      for (const row of rows) {
        if (row.prevHash !== prevHash || row.hash !== entryHash(prevHash, row)) {
          return { ok: false, checked, brokenAt: row.id };
        }
        prevHash = row.hash;
        checked += 1;
      }
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return { ok: true, checked, brokenAt: null };
      afterId = last.id;
    }
  }
}
