import type { Adjustment, AdjustmentRequest } from '@wallet/contract/desk';
import { fromMinor, minor, toMinor } from '@wallet/contract/money';
import { ADJUSTMENT_ACCOUNT, WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { AuditLog } from '../../core/audit/audit';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { actorOf, type StaffContext, type StaffService } from '../staff/staff.service';
import {
  type AdjustmentRow,
  decideAdjustment,
  findAdjustment,
  insertAdjustment,
  listAdjustments,
  lockAdjustment,
  memberCurrency,
} from './desk.repository';

export type AdjustmentsDeps = {
  db: Db;
  ledger: Ledger;
  audit: AuditLog;
  staff: Pick<StaffService, 'requireFreshCode'>;
  now: () => Date;
};

const view = (row: AdjustmentRow) => ({
  id: row.id,
  memberId: row.memberId,
  amount: fromMinor(row.amount),
  currency: row.currency,
  status: row.status as Adjustment['status'],
});

/**
 * Balance adjustments (docs/backoffice.md): one staff member asks, another decides
 * (maker-checker: the one who asked is refused with MAKER_CHECKER). An approval moves the
 * member's cash once, under the adjustment's id (the ledger's once-only movement), with the
 * decision in the same transaction: two staff clicking together move it once, and a debit that
 * would take the cash below zero moves nothing and leaves the adjustment waiting.
 */
export class Adjustments {
  constructor(private readonly deps: AdjustmentsDeps) {}

  async request(input: AdjustmentRequest, context: StaffContext, ip: string) {
    const { db, audit } = this.deps;
    const currency = await memberCurrency(db, input.memberId);
    if (!currency) throw new DomainError('NO_USER', { field: 'memberId' });
    return db.transaction(async (tx) => {
      const row = await insertAdjustment(tx, {
        memberId: input.memberId,
        amount: toMinor(input.amount),
        currency,
        reason: input.reason,
        requestedBy: context.id,
      });
      await audit.append(
        {
          actor: actorOf(context),
          ip,
          action: 'adjustment.request',
          target: `member:${input.memberId}`,
          reason: input.reason,
          after: view(row),
        },
        tx,
      );
      return { id: row.id, status: 'pending' as const };
    });
  }

  async approve(id: number, context: StaffContext, ip: string) {
    const { db, ledger, audit, now } = this.deps;
    this.deps.staff.requireFreshCode(context);
    const peek = await findAdjustment(db, id);
    if (!peek) throw new DomainError('NO_DATA');
    // Accounts are made outside the money's transaction (core/ledger: a first use creates one).
    await ledger.memberAccount(peek.memberId, 'cash', peek.currency);
    await ledger.operatorAccount('adjustments', peek.currency);
    return db.transaction(async (tx) => {
      const row = await this.decidable(tx, id, context);
      if (row.status === 'approved') return { id, status: 'approved' as const };
      const credit = row.amount > 0;
      const moved = await ledger.moveOnce(tx, {
        source: 'adjustment',
        reference: String(row.id),
        memberId: row.memberId,
        amount: minor(Math.abs(row.amount)),
        currency: row.currency,
        from: credit ? { operator: 'adjustments' } : { member: 'cash' },
        to: credit ? { member: 'cash' } : { operator: 'adjustments' },
        type: 'adjustment',
        label: credit
          ? { from: ADJUSTMENT_ACCOUNT, to: WALLET_ACCOUNT }
          : { from: WALLET_ACCOUNT, to: ADJUSTMENT_ACCOUNT },
        description: { adjustment: { description: row.reason } },
      });
      await decideAdjustment(tx, id, {
        status: 'approved',
        decidedBy: context.id,
        decidedAt: now(),
        transactionId: moved.transactionId,
      });
      await audit.append(
        {
          actor: actorOf(context),
          ip,
          action: 'adjustment.approve',
          target: `member:${row.memberId}`,
          reason: row.reason,
          before: view(row),
          after: { ...view(row), status: 'approved', transactionId: moved.transactionId },
        },
        tx,
      );
      return { id, status: 'approved' as const };
    });
  }

  async reject(id: number, reason: string, context: StaffContext, ip: string) {
    const { db, audit, now } = this.deps;
    return db.transaction(async (tx) => {
      const row = await this.decidable(tx, id, context);
      if (row.status === 'approved') throw new DomainError('NO_DATA');
      await decideAdjustment(tx, id, {
        status: 'rejected',
        decidedBy: context.id,
        decidedAt: now(),
        decisionReason: reason,
      });
      await audit.append(
        {
          actor: actorOf(context),
          ip,
          action: 'adjustment.reject',
          target: `member:${row.memberId}`,
          reason,
          before: view(row),
          after: { ...view(row), status: 'rejected' },
        },
        tx,
      );
      return { id, status: 'rejected' as const };
    });
  }

  /** The adjustment, locked: waiting (or approved already, for a second click), not the asker's. */
  private async decidable(tx: Db, id: number, context: StaffContext): Promise<AdjustmentRow> {
    const row = await lockAdjustment(tx, id);
    if (!row) throw new DomainError('NO_DATA');
    if (row.requestedBy === context.id) throw new DomainError('MAKER_CHECKER');
    if (row.status === 'rejected') throw new DomainError('NO_DATA');
    return row;
  }

  async list(filter: { status?: string | undefined; memberId?: number | undefined }) {
    const rows = await listAdjustments(this.deps.db, filter);
    return rows.map(({ row, requestedBy, decidedBy }) => ({
      ...view(row),
      reason: row.reason,
      requestedBy,
      decidedBy,
      decisionReason: row.decisionReason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    }));
  }
}
