import { fromMinor } from '@wallet/contract/money';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { TransferService } from './transfer.service';

/**
 * Game transfers held on a provider's unknown answer, for staff (docs/backoffice.md): listed,
 * and asked about again one at a time, settled as the reconciler settles them.
 */
export class HeldTransfers {
  constructor(
    private readonly deps: {
      db: Db;
      ledger: Ledger;
      transfers: Pick<TransferService, 'reconcileBatch'>;
    },
  ) {}

  /** Oldest first. */
  async list(limit = 200) {
    const rows = await this.deps.ledger.processing(this.deps.db, 'transfer', {
      olderThanMs: 0,
      after: 0,
      limit,
    });
    return rows.map((row) => ({
      id: row.id,
      memberId: row.memberId ?? 0,
      from: row.from,
      to: row.to,
      providerCode: row.providerCode ?? '',
      amount: fromMinor(row.amount),
      currency: row.currency,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The provider's answer settles it; no answer leaves it held. */
  async askAgain(id: number): Promise<'success' | 'failed' | 'processing'> {
    const { db, ledger } = this.deps;
    const row = await ledger.transaction(db, id);
    if (row?.type !== 'transfer') throw new DomainError('NO_DATA');
    if (row.status === 'processing') await this.deps.transfers.reconcileBatch([row]);
    const after = await ledger.transaction(db, id);
    return (after?.status ?? 'processing') as 'success' | 'failed' | 'processing';
  }
}
