import { randomUUID } from 'node:crypto';
import { type Minor, minor } from '@wallet/contract/money';
import type { TransferAccount } from '@wallet/contract/wallet';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import pMap from 'p-map';
import type { IdempotencyTicket } from '../../core/idempotency/idempotency';
import type {
  Ledger,
  LedgerTransactionRow,
  Leg,
  MemberWallet,
  SettleAnswer,
} from '../../core/ledger/ledger';
import type { AmountLimits } from '../../core/settings/amount-limits';
import type { Db } from '../../db/client';
import { DomainError, isDomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import type { GameProviders } from '../../providers/games/game-providers';
import type { GamesService, MemberMoneyInfo, MoneyAccount } from '../games/games.service';

/** `wallet`: the member's wallet right after the movement, when the movement's own statement told it. */
export type TransferOutcome = {
  status: 'success' | 'processing';
  amount: Minor;
  wallet?: MemberWallet | undefined;
};

export type TransferServiceDeps = {
  db: Db;
  ledger: Ledger;
  games: GamesService;
  providers: GameProviders;
  /** The transfer minimum of each currency (issue 30). */
  limits: AmountLimits;
  log: Pick<Log, 'warn' | 'error'>;
};

/** How many pending transfers the reconciler looks up and settles at once. */
const RECONCILE_CONCURRENCY = 8;

/** Our reference at the provider: unique, sent with the call so a retry applies once there. */
function newRef(): string {
  return `T${randomUUID().replaceAll('-', '')}`;
}

/**
 * Transfers between the cash wallet and the game accounts (docs/decisions/0030-ledger.md,
 * "Transfers with an outside provider"). The funds wait in the member's transfer_hold account
 * while the provider is asked; a definite refusal returns them before the answer, an unknown
 * outcome leaves them held until the reconciler learns what happened.
 */
export class TransferService {
  constructor(private readonly deps: TransferServiceDeps) {}

  /**
   * POST /api/wallet/transfer (the request schema already refused NONE and from = to).
   * `ticket`: the request's key, claimed by the first opening and answered by the settle that
   * ends the transfer (docs/decisions/0034).
   */
  async transfer(
    member: MemberMoneyInfo,
    from: TransferAccount,
    to: TransferAccount,
    amount: Minor,
    ticket?: IdempotencyTicket,
  ): Promise<TransferOutcome> {
    const { games, limits } = this.deps;
    // The spec's constants and limits's minimum, in the member's currency: 1 baht, or the kip setting.
    if (amount < (await limits.of(member.currency)).transferMin) {
      throw new DomainError('TRANSFER_MINIMUM', { field: 'amount' });
    }
    if (from === WALLET_ACCOUNT) {
      return this.toGame(member, await games.moneyAccount(member.id, to), amount, ticket);
    }
    const source = await games.moneyAccount(member.id, from);
    if (to === WALLET_ACCOUNT) return this.fromGame(member, source, amount, ticket);
    // Game to game: through the wallet. Should the second leg fail, the money is in the
    // wallet, which is what TRANSFER_FAIL tells the member. The first leg claims the key and
    // the second answers it.
    const target = await games.moneyAccount(member.id, to);
    const first = await this.fromGame(member, source, amount, ticket, { answers: false });
    if (first.status !== 'success') return first;
    return this.toGame(member, target, amount, ticket);
  }

  /**
   * POST /api/wallet/transferAll. To a game: the whole cash wallet. To WALLET: every game
   * balance, each provider concurrently and on its own; the answer is the sum that moved.
   * Nothing moved while a provider is in maintenance is GAME_MAINTENANCE, not "not enough".
   */
  async transferAll(
    member: MemberMoneyInfo,
    to: TransferAccount,
    ticket?: IdempotencyTicket,
  ): Promise<TransferOutcome> {
    const { db, ledger, games } = this.deps;
    if (to !== WALLET_ACCOUNT) {
      const account = await games.moneyAccount(member.id, to);
      const cash = await ledger.memberAccount(member.id, 'cash', member.currency);
      const amount = await ledger.balance(db, cash);
      if (amount <= 0) throw new DomainError('MONEY_NOT_ENOUGH');
      return this.toGame(member, account, amount, ticket, { answers: false });
    }
    // A provider in maintenance is not asked (issue 33): its money stays there until it ends.
    const [all, resting] = await Promise.all([
      games.gameAccounts(member.id),
      games.inMaintenance(),
    ]);
    const accounts = all.filter((account) => !resting.has(account.providerCode));
    const outcomes = await Promise.all(
      accounts.map(async (account) => {
        try {
          return await this.fromGame(member, account, null, ticket, { answers: false });
        } catch (error) {
          if (isDomainError(error)) return error;
          throw error;
        }
      }),
    );
    const moved = outcomes.filter((o): o is TransferOutcome => !(o instanceof DomainError));
    const failed = outcomes.find((o) => o instanceof DomainError && o.code === 'TRANSFER_FAIL');
    if (moved.length === 0) {
      const waiting = accounts.length < all.length ? new DomainError('GAME_MAINTENANCE') : null;
      throw failed ?? waiting ?? new DomainError('MONEY_NOT_ENOUGH');
    }
    return {
      status: moved.some((o) => o.status === 'processing') ? 'processing' : 'success',
      amount: minor(moved.reduce((sum, o) => sum + o.amount, 0)),
    };
  }

  /** `answers` false: a leg of a request that stores its answer itself (transferAll). */
  private async toGame(
    member: MemberMoneyInfo,
    account: MoneyAccount,
    amount: Minor,
    ticket?: IdempotencyTicket,
    { answers = true } = {},
  ): Promise<TransferOutcome> {
    const { ledger, providers } = this.deps;
    const code = account.providerCode;
    providers.get(code); // NO_GAME before any money moves when no adapter serves this code
    const [cash, hold] = await Promise.all([
      ledger.memberAccount(member.id, 'cash', member.currency),
      ledger.memberAccount(member.id, 'transfer_hold', member.currency),
    ]);
    const leg = { from: WALLET_ACCOUNT, to: code, amount, source: cash, hold };
    return this.move(member, account, leg, ticket, answers);
  }

  /**
   * `amount` null: everything in the game account (transferAll). `answers` false: a first leg,
   * whose settle does not end the request.
   */
  private async fromGame(
    member: MemberMoneyInfo,
    account: MoneyAccount,
    amount: Minor | null,
    ticket?: IdempotencyTicket,
    { answers = true } = {},
  ): Promise<TransferOutcome> {
    const { db, ledger, providers, games } = this.deps;
    const code = account.providerCode;
    providers.get(code); // NO_GAME before any money moves when no adapter serves this code
    // The rounds played since the last sync first, so the ledger knows what the member won.
    // A provider that does not answer here leaves the last known balance; its withdraw below
    // refuses whatever it does not hold.
    await games.sync(member, account).catch(() => false);
    const [game, hold] = await Promise.all([
      ledger.memberAccount(member.id, 'game', member.currency, code),
      ledger.memberAccount(member.id, 'transfer_hold', member.currency),
    ]);
    const moving = amount ?? (await ledger.balance(db, game));
    if (moving <= 0) throw new DomainError('MONEY_NOT_ENOUGH');
    const leg = { from: code, to: WALLET_ACCOUNT, amount: moving, source: game, hold };
    return this.move(member, account, leg, ticket, answers);
  }

  /**
   * What both directions do: opens the transfer, `amount` from `source` into the member's
   * `hold`, asks the provider under a new reference of ours, and applies its answer.
   */
  private async move(
    member: MemberMoneyInfo,
    account: MoneyAccount,
    leg: { from: string; to: string; amount: Minor; source: number; hold: number },
    ticket: IdempotencyTicket | undefined,
    answers: boolean,
  ): Promise<TransferOutcome> {
    const { db, ledger, providers } = this.deps;
    const { from, to, amount } = leg;
    const code = account.providerCode;
    const ref = newRef();
    const pending: Omit<LedgerTransactionRow, 'id' | 'createdAt'> = {
      memberId: member.id,
      type: 'transfer',
      status: 'processing',
      from,
      to,
      amount,
      currency: member.currency,
      providerCode: code,
      providerRef: ref,
    };
    const legs: Leg[] = [
      { accountId: leg.source, amount: -amount },
      { accountId: leg.hold, amount },
    ];
    const opened = await ledger.open(db, pending, legs, { claim: ticket });
    // Into the game the provider takes the money in (deposit); out of it, it pays it (withdraw).
    const call = from === WALLET_ACCOUNT ? 'deposit' : 'withdraw';
    const outcome = await providers.call(code, (p, deadline) =>
      p[call](account.username, { amount, currency: member.currency }, ref, deadline),
    );
    return this.conclude(
      { ...pending, id: opened.id, createdAt: new Date() },
      outcome.kind,
      opened.wallet,
      answers ? ticket : undefined,
    );
  }

  /**
   * Applies the provider's answer to a transfer this request opened. `opened`: the wallet the
   * opening answered, which is still the wallet while the transfer stays pending. `ticket`:
   * the request's key, which a successful settle answers in its own statement.
   */
  private async conclude(
    row: LedgerTransactionRow,
    outcome: 'ok' | 'refused' | 'unknown',
    opened: MemberWallet | undefined,
    ticket?: IdempotencyTicket,
  ): Promise<TransferOutcome> {
    const amount = row.amount;
    if (outcome === 'unknown') return { status: 'processing', amount, wallet: opened };
    const status = outcome === 'ok' ? 'success' : 'failed';
    const answer: SettleAnswer | undefined =
      ticket && status === 'success' ? { ticket, outcome: { status, amount } } : undefined;
    let settle: { settled: boolean; wallet: MemberWallet | undefined };
    try {
      settle = await this.settle(row, status, answer);
    } catch (error) {
      // The provider answered but our books could not record it: the transfer stays pending
      // and the reconciler settles it from the provider's status. The member sees processing.
      this.deps.log.error({ err: error, transactionId: row.id }, 'transfer not settled');
      return { status: 'processing', amount };
    }
    // Someone else (the reconciler) settled it first: answer what they recorded.
    const final = settle.settled
      ? status
      : (await this.deps.ledger.transaction(this.deps.db, row.id))?.status;
    if (final === 'failed') throw new DomainError('TRANSFER_FAIL');
    return {
      status: final === 'success' ? 'success' : 'processing',
      amount,
      wallet: settle.wallet,
    };
  }

  /**
   * Settles a pending transfer forward (success) or back (failed), exactly once: see
   * Ledger.settle. The legs follow from the row alone, so a request, another process or the
   * reconciler settle it identically. Answers whether this call was the one that settled it,
   * and the member's wallet after it.
   */
  async settle(
    row: LedgerTransactionRow,
    status: 'success' | 'failed',
    answer?: SettleAnswer,
  ): Promise<{ settled: boolean; wallet: MemberWallet | undefined }> {
    const { db, ledger } = this.deps;
    if (row.memberId === null || row.providerCode === null) {
      throw new Error(`transfer ${row.id} has no member or provider`);
    }
    const toGame = row.from === WALLET_ACCOUNT;
    const code = row.providerCode;
    const [cash, hold, game] = await Promise.all([
      ledger.memberAccount(row.memberId, 'cash', row.currency),
      ledger.memberAccount(row.memberId, 'transfer_hold', row.currency),
      ledger.memberAccount(row.memberId, 'game', row.currency, code),
    ]);
    // Success moves the held funds on to where they were going; failure takes them back.
    const destination = toGame === (status === 'success') ? game : cash;
    const legs: Leg[] = [
      { accountId: hold, amount: -row.amount },
      { accountId: destination, amount: row.amount },
    ];
    // Relaxed: a settle lost in a crash leaves the transfer processing, and the reconciler
    // settles it again from the provider's own record.
    return ledger.settle(db, row.id, status, legs, { relaxed: true, answer });
  }

  /**
   * The reconciler: every transfer still pending after `olderThanMs` is looked up at its
   * provider by our reference and settled, completed → forward, not found → back. A provider
   * that still does not answer leaves it pending: the funds are never returned on a guess.
   * Safe in many processes at once (the settle is conditional).
   *
   * One run drains the backlog: it reads the pending transfers `batch` at a time in id order and
   * settles each batch RECONCILE_CONCURRENCY at a time, until none is left (issue 16: after a
   * provider's outage members' money should come back as fast as the provider answers, not 200
   * transfers per run). A transfer the provider still cannot answer for is passed over until
   * the next run.
   */
  async reconcile(olderThanMs: number, batch = 200): Promise<{ settled: number; pending: number }> {
    const { db } = this.deps;
    let settled = 0;
    let pending = 0;
    let after = 0;
    for (;;) {
      const rowsOfBatch = await this.deps.ledger.processing(db, 'transfer', {
        olderThanMs,
        after,
        limit: batch,
      });
      const last = rowsOfBatch.at(-1);
      if (!last) break;
      after = last.id;
      const done = await this.reconcileBatch(rowsOfBatch);
      settled += done;
      pending += rowsOfBatch.length - done;
      if (rowsOfBatch.length < batch) break;
    }
    return { settled, pending };
  }

  /** Looks up and settles pending transfers, a few at a time; answers how many it settled. */
  async reconcileBatch(pending: LedgerTransactionRow[]): Promise<number> {
    const { providers } = this.deps;
    let settled = 0;
    // A few at a time: members' own requests should not queue behind the reconciler for the
    // pool's connections.
    await pMap(
      pending,
      async (row) => {
        if (!row.providerCode || !row.providerRef) return;
        const ref = row.providerRef;
        const status = await providers.call(row.providerCode, (p, deadline) =>
          p.status(ref, deadline),
        );
        if (status.kind !== 'ok') return;
        const done = await this.settle(row, status.value === 'completed' ? 'success' : 'failed');
        if (done.settled) settled += 1;
      },
      { concurrency: RECONCILE_CONCURRENCY },
    );
    return settled;
  }
}
