import type { Adjustment, AdjustmentRequest } from '@wallet/contract/desk';
import type { SlipNoteCode } from '@wallet/contract/errors';
import { fromMinor, minor, toMinor } from '@wallet/contract/money';
import type { StaffPage } from '@wallet/contract/staff';
import { ADJUSTMENT_ACCOUNT, WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { AuditLog } from '../../core/audit/audit';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/pg-errors';
import { DomainError } from '../../lib/domain-error';
import type { DepositService } from '../deposit/deposit.service';
import type { SlipService } from '../slip/slip.service';
import { actorOf, type StaffContext, type StaffService } from '../staff/staff.service';
import {
  type AdjustmentFilter,
  type AdjustmentRow,
  countAdjustments,
  decideAdjustment,
  findAdjustment,
  insertAdjustment,
  listAdjustments,
  lockAdjustment,
  memberCurrency,
} from './desk.repository';
import { withPendingAssignments, withPendingCredits } from './pending-credits';

export type AdjustmentsDeps = {
  db: Db;
  ledger: Ledger;
  deposits: Pick<
    DepositService,
    'creditKeptTransfer' | 'keptTransfer' | 'keptTransfers' | 'markRefunded'
  >;
  slips: Pick<SlipService, 'undecided' | 'undecidedSlip' | 'creditByHand' | 'refuseByHand'>;
  audit: AuditLog;
  staff: Pick<StaffService, 'requireFreshCode'>;
  now: () => Date;
};

/** The audit's word for each kind of request. */
const actionArea = {
  adjustment: 'adjustment',
  bank_transfer: 'bank-transfer',
  slip: 'slip',
} as const satisfies Record<Adjustment['kind'], string>;

const view = (row: AdjustmentRow) => ({
  id: row.id,
  kind: row.kind as Adjustment['kind'],
  bankReference: row.bankReference,
  slipId: row.slipId,
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
    const currency = await memberCurrency(this.deps.db, input.memberId);
    if (!currency) throw new DomainError('NO_USER', { field: 'memberId' });
    return this.ask(
      { kind: 'adjustment', memberId: input.memberId, amount: toMinor(input.amount), currency },
      input.reason,
      context,
      ip,
    );
  }

  /**
   * Asks to credit a bank transfer that matched no member to the member staff found (the
   * sender wrote no account, or another): approved by another staff member, as an adjustment.
   */
  async assignTransfer(
    reference: string,
    memberId: number,
    reason: string,
    context: StaffContext,
    ip: string,
  ) {
    const transfer = await this.deps.deposits.keptTransfer(reference);
    if (!transfer) throw new DomainError('NO_DATA');
    const currency = await memberCurrency(this.deps.db, memberId);
    if (!currency) throw new DomainError('NO_USER', { field: 'memberId' });
    if (currency !== transfer.currency) {
      throw new DomainError('BANK_CURRENCY_MISMATCH', { field: 'memberId' });
    }
    return this.ask(
      {
        kind: 'bank_transfer',
        bankReference: reference,
        memberId,
        amount: toMinor(transfer.amount),
        currency,
      },
      reason,
      context,
      ip,
    );
  }

  /** The kept transfers, each with the assignment that waits for approval, if any. */
  async keptTransfers() {
    return withPendingAssignments(this.deps.db, await this.deps.deposits.keptTransfers());
  }

  /**
   * Asks to credit a slip the verifier could not decide with what staff read off its picture;
   * another staff member approves it (maker-checker) in the adjustments queue.
   */
  async askSlipCredit(
    slipId: number,
    input: { amount: number; reference: string; reason: string },
    context: StaffContext,
    ip: string,
  ) {
    const slip = await this.deps.slips.undecidedSlip(slipId);
    if (!slip) throw new DomainError('NO_DATA');
    return this.ask(
      {
        kind: 'slip',
        slipId,
        bankReference: input.reference,
        memberId: slip.memberId,
        amount: toMinor(input.amount),
        currency: slip.currency,
      },
      input.reason,
      context,
      ip,
    );
  }

  /** Refuses a slip the verifier could not decide, with a reason the member sees. */
  async refuseSlip(
    slipId: number,
    note: SlipNoteCode,
    reason: string,
    context: StaffContext,
    ip: string,
  ) {
    await this.deps.slips.refuseByHand(slipId, note, context.id);
    await this.deps.audit.append({
      actor: actorOf(context),
      ip,
      action: 'slip.refuse',
      target: `slip:${slipId}`,
      reason,
      after: { note },
    });
  }

  /** The undecided slips, each with the credit that waits for approval, if any. */
  async undecidedSlips() {
    return withPendingCredits(this.deps.db, await this.deps.slips.undecided());
  }

  /** A kept transfer the operator sent back to its sender outside the system. */
  async markTransferRefunded(reference: string, note: string, context: StaffContext, ip: string) {
    await this.deps.deposits.markRefunded(reference, note);
    await this.deps.audit.append({
      actor: actorOf(context),
      ip,
      action: 'bank-transfer.refunded',
      target: `bank-transfer:${reference}`,
      reason: note,
    });
  }

  private async ask(
    request: Pick<AdjustmentRow, 'kind' | 'memberId' | 'amount' | 'currency'> & {
      bankReference?: string;
      slipId?: number;
    },
    reason: string,
    context: StaffContext,
    ip: string,
  ) {
    const { db, audit } = this.deps;
    try {
      return await db.transaction(async (tx) => {
        const row = await insertAdjustment(tx, { ...request, reason, requestedBy: context.id });
        await audit.append(
          {
            actor: actorOf(context),
            ip,
            action: `${actionArea[request.kind as Adjustment['kind']]}.request`,
            target: `member:${request.memberId}`,
            reason,
            after: view(row),
          },
          tx,
        );
        return { id: row.id, status: 'pending' as const };
      });
    } catch (error) {
      // One assignment of a transfer waits at a time.
      if (uniqueViolation(error)) throw new DomainError('KEY_INVALID', { field: 'reference' });
      throw error;
    }
  }

  async approve(id: number, context: StaffContext, ip: string) {
    const { db, ledger, audit, now } = this.deps;
    this.deps.staff.requireFreshCode(context);
    const peek = await findAdjustment(db, id);
    if (!peek) throw new DomainError('NO_DATA');
    if (peek.kind !== 'adjustment') return this.approveCredit(id, context, ip);
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

  /**
   * A transfer's assignment: decided under the lock first, then credited by the deposits'
   * once-only path (which runs in autocommit), then linked. A crash in between leaves it
   * approved and unlinked: approving again credits nothing twice and links it.
   */
  private async approveCredit(id: number, context: StaffContext, ip: string) {
    const { db, audit, now } = this.deps;
    const row = await db.transaction(async (tx) => {
      const found = await this.decidable(tx, id, context);
      if (found.status === 'approved') return found;
      await decideAdjustment(tx, id, {
        status: 'approved',
        decidedBy: context.id,
        decidedAt: now(),
      });
      await audit.append(
        {
          actor: actorOf(context),
          ip,
          action: `${actionArea[found.kind as Adjustment['kind']]}.approve`,
          target: `member:${found.memberId}`,
          reason: found.reason,
          before: view(found),
          after: { ...view(found), status: 'approved' },
        },
        tx,
      );
      return found;
    });
    if (row.transactionId === null && row.bankReference) {
      const credit = await this.credit(row, context);
      await db.transaction((tx) =>
        decideAdjustment(tx, id, { transactionId: credit.transactionId }),
      );
    }
    return { id, status: 'approved' as const };
  }

  /** The once-only credit an approved assignment or slip stands for. */
  private credit(row: AdjustmentRow, context: StaffContext) {
    const reference = row.bankReference ?? '';
    if (row.kind === 'slip' && row.slipId !== null) {
      const transfer = { amount: row.amount, reference, currency: row.currency };
      return this.deps.slips.creditByHand(row.slipId, transfer, context.id);
    }
    return this.deps.deposits.creditKeptTransfer(reference, {
      id: row.memberId,
      currency: row.currency,
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

  /** One page of the adjustments the filter finds, and how many it finds in all. */
  async list(filter: AdjustmentFilter, page: StaffPage<'createdAt' | 'amount'>) {
    const [rows, total] = await Promise.all([
      listAdjustments(this.deps.db, filter, page),
      countAdjustments(this.deps.db, filter),
    ]);
    const found = rows.map(({ row, requestedBy, decidedBy }) => ({
      ...view(row),
      status: row.status as Adjustment['status'],
      reason: row.reason,
      requestedBy,
      decidedBy,
      decisionReason: row.decisionReason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    }));
    return { adjustments: found, total };
  }
}
