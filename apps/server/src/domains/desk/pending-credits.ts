import { fromMinor } from '@wallet/contract/money';
import type { Db } from '../../db/client';
import { pendingCredits } from './desk.repository';

/**
 * What the money desk's queues show beside each row: the credit staff asked for that waits for a
 * second staff member's approval (maker-checker), at most one per kept transfer and slip.
 */

export async function withPendingAssignments<T extends { reference: string }>(
  db: Db,
  transfers: T[],
) {
  const pending = await pendingCredits(db, {
    kind: 'bank_transfer',
    references: transfers.map((transfer) => transfer.reference),
  });
  return transfers.map((transfer) => {
    const waiting = pending.find((row) => row.bankReference === transfer.reference);
    return {
      ...transfer,
      pending: waiting
        ? {
            adjustmentId: waiting.adjustmentId,
            requestedBy: waiting.requestedBy,
            memberId: waiting.memberId,
          }
        : null,
    };
  });
}

export async function withPendingCredits<T extends { id: number }>(db: Db, slips: T[]) {
  const pending = await pendingCredits(db, {
    kind: 'slip',
    slipIds: slips.map((slip) => slip.id),
  });
  return slips.map((slip) => {
    const waiting = pending.find((row) => row.slipId === slip.id);
    return {
      ...slip,
      pending: waiting
        ? {
            adjustmentId: waiting.adjustmentId,
            requestedBy: waiting.requestedBy,
            amount: fromMinor(waiting.amount),
            reference: waiting.bankReference ?? '',
          }
        : null,
    };
  });
}
