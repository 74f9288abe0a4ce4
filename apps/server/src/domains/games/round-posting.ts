import { minor } from '@wallet/contract/money';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { relaxTransactionCommit } from '../../db/statement';
import { isDomainError } from '../../lib/domain-error';
import type { GameProviders } from '../../providers/games/game-providers';
import { advanceRoundMark, type MemberMoneyInfo, recordRounds } from './games.repository';
import type { MoneyAccount } from './games.service';

/**
 * One pass of a game account's sync (GamesService.sync): the rounds the provider reports since
 * the account's round mark, posted to the ledger as one game_result movement with the mark moved
 * in the same transaction. `mark-moved`: another sync moved the mark first, nothing was posted;
 * `lastRoundId`: where the mark now stands, when this pass moved it.
 */
export async function postRounds(
  deps: { db: Db; ledger: Ledger; providers: GameProviders },
  member: MemberMoneyInfo,
  account: MoneyAccount,
): Promise<{ outcome: boolean | 'mark-moved'; lastRoundId?: number }> {
  const { db, ledger, providers } = deps;
  const history = await providers.call(account.providerCode, (p, deadline) =>
    p.betHistory(account.username, account.lastRoundId, deadline),
  );
  if (history.kind !== 'ok') return { outcome: false };
  const rounds = history.value;
  const last = rounds.at(-1);
  if (!last) return { outcome: true };
  const delta = rounds.reduce((sum, round) => sum + round.win - round.bet, 0);
  const [game, results] = await Promise.all([
    ledger.memberAccount(member.id, 'game', member.currency, account.providerCode),
    ledger.operatorAccount('game_results', member.currency),
  ]);
  try {
    const posted = await db.transaction(async (tx) => {
      // Relaxed: lost in a crash, the mark has not moved and the next sync posts the rounds.
      await relaxTransactionCommit(tx);
      if (!(await advanceRoundMark(tx, account.id, account.lastRoundId, last.id))) return false;
      await recordRounds(tx, member.id, account.providerCode, rounds);
      if (delta !== 0) {
        await ledger.open(
          tx,
          {
            memberId: member.id,
            type: 'game_result',
            status: 'success',
            from: account.providerCode,
            to: account.providerCode,
            amount: minor(Math.abs(delta)),
            currency: member.currency,
            providerCode: account.providerCode,
          },
          [
            { accountId: game, amount: delta },
            { accountId: results, amount: -delta },
          ],
        );
      }
      return true;
    });
    if (!posted) return { outcome: 'mark-moved' };
    return { outcome: true, lastRoundId: last.id };
  } catch (error) {
    if (isDomainError(error) && error.code === 'MONEY_NOT_ENOUGH') return { outcome: false };
    throw error;
  }
}
