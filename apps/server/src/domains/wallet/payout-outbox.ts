import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PayoutProvider } from '../../providers/payouts/payout-provider';
import {
  countOutboxAttempt,
  insertOutboxPayout,
  type OutboxPayout,
  outboxPayoutsBefore,
  removeOutboxPayout,
} from './withdrawal.repository';

/**
 * The one way a payout reaches the payout provider (docs/decisions/0030-ledger.md,
 * Withdrawals): written in the transaction that holds the money or approves a held withdrawal,
 * handed over after it commits, removed once the provider took it. A crash or a provider error
 * in between leaves the row for the sweep, which hands it over again; the provider dedupes by
 * `ref`. An approved payout is never forgotten, and never sent on a guess that it failed.
 */
export class PayoutOutbox {
  constructor(private readonly deps: { db: Db; payouts: PayoutProvider; log: FastifyBaseLogger }) {}

  /** Inside the transaction `tx` that holds the money or approves the withdrawal. */
  add(tx: Db, payout: OutboxPayout): Promise<void> {
    return insertOutboxPayout(tx, payout);
  }

  /** After the transaction committed. A refusal is logged and left for the sweep. */
  async send(payout: OutboxPayout): Promise<boolean> {
    const { db, payouts, log } = this.deps;
    const { ref, memberId, amount, currency, bankCode, accountNo } = payout;
    try {
      await payouts.submit({ ref, memberId, amount, currency, bankCode, accountNo });
    } catch (error) {
      log.warn({ err: error, ref }, 'payout not handed over: the sweep tries again');
      await countOutboxAttempt(db, ref);
      return false;
    }
    await removeOutboxPayout(db, ref);
    return true;
  }

  /** Hands over again what was written more than `graceMs` ago and is still here. */
  async sweep(graceMs: number): Promise<{ sent: number; left: number }> {
    const due = await outboxPayoutsBefore(this.deps.db, new Date(Date.now() - graceMs));
    let sent = 0;
    for (const payout of due) if (await this.send(payout)) sent += 1;
    return { sent, left: due.length - sent };
  }
}
