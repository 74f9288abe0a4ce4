import {
  type Bonus,
  type BonusCheckActiveResponse,
  type BonusCheckMinimumResponse,
  type BonusListResponse,
  type BonusProgress,
  receivedInPeriod,
  type UserBonus,
} from '@wallet/contract/bonus';
import { textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import { fromMinor, minor } from '@wallet/contract/money';
import type { PromotionCurrentResponse, PromotionFindResponse } from '@wallet/contract/promotion';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { cleanOperatorHtml } from '../../lib/operator-html';
import type { AuthContext } from '../auth/auth.service';
import type { MemberMoneyInfo } from '../games/games.service';
import type { Deposit } from '../rewards/deposit-rewards';
import {
  type BonusRow,
  endTake,
  findBonus,
  findRunningTake,
  insertTake,
  linkTakePayment,
  listActiveTakeMembers,
  listListedBonuses,
  listTakes,
  listUnsettledTakes,
  markEndSettled,
  markTakePaid,
  type RunningTake,
  type TakeRow,
  turnoverSince,
} from './bonus.repository';
import { thresholdOf, toBonus, userBonusOf } from './bonus-views';

export type BonusServiceDeps = {
  db: Db;
  ledger: Ledger;
  member: (memberId: number) => Promise<MemberMoneyInfo>;
  /** The clock of the day and week windows (Asia/Bangkok): tests move it. */
  now: () => Date;
  log: Log;
};

/**
 * Bonuses and promotion codes (the spec's screens, entities, states, validation rules and calls; docs/promotions.md). A member takes a
 * bonus (waiting), the next deposit of at least its minimum pays it into the bonus wallet
 * (active), and it ends once: finished when the bets since reach its turnover (the bonus wallet
 * becomes cash), cancelled when the money in play falls to its threshold, or cleared by the
 * member (the bonus wallet is forfeited on both). Every state change is one conditional update
 * and every movement once per member bonus through the ledger, so racing requests, the
 * evaluation job and a retry after a crash agree.
 */
export class BonusService {
  constructor(private readonly deps: BonusServiceDeps) {}

  /** GET /api/bonus: the listed bonuses of the member's currency, and the running one's progress. */
  async list(auth: AuthContext, locale: Locale): Promise<BonusListResponse> {
    const member = await this.deps.member(auth.memberId);
    await this.evaluate(member);
    const listed = await listListedBonuses(this.deps.db, member.currency);
    const running = await findRunningTake(this.deps.db, member.id);
    const takes = await listTakes(
      this.deps.db,
      member.id,
      listed.map((b) => b.code),
    );
    return {
      bonuses: listed.map((bonus) =>
        toBonus(
          bonus,
          takes.filter((t) => t.bonusCode === bonus.code),
          locale,
        ),
      ),
      running: running ? await this.progress(member, running) : null,
    };
  }

  /** GET /api/bonus/activate/{code}: takes a listed bonus; answers the member's record of it. */
  async activate(auth: AuthContext, code: string): Promise<UserBonus> {
    const member = await this.deps.member(auth.memberId);
    const bonus = await findBonus(this.deps.db, code);
    if (bonus?.kind !== 'listed' || bonus.currency !== member.currency) {
      throw new DomainError('NO_DATA');
    }
    await this.take(member, bonus, 'BONUS_MAX_CLAIMED');
    const takes = await listTakes(this.deps.db, member.id, [bonus.code]);
    return userBonusOf(takes) as UserBonus;
  }

  /** GET /api/promotion/find/{code}: the promotion when the member may still take it, else {}. */
  async findPromotion(
    auth: AuthContext,
    code: string,
    locale: Locale,
  ): Promise<PromotionFindResponse> {
    const member = await this.deps.member(auth.memberId);
    const bonus = await this.promotion(member, code);
    if (!bonus || (await this.exhausted(member, bonus))) return {};
    return {
      percentFail: bonus.percentFail,
      description: cleanOperatorHtml(textIn(bonus.description, locale)),
    };
  }

  /** GET /api/promotion/activate/{code}: the promotion becomes the member's running bonus. */
  async activatePromotion(auth: AuthContext, code: string): Promise<{ success: true }> {
    const member = await this.deps.member(auth.memberId);
    const bonus = await this.promotion(member, code);
    if (!bonus) throw new DomainError('NO_PROMOTION');
    await this.take(member, bonus, 'PROMOTION_RECEIVED');
    return { success: true };
  }

  /** GET /api/promotion/current: the running bonus when it is a promotion. */
  async currentPromotion(auth: AuthContext, locale: Locale): Promise<PromotionCurrentResponse> {
    const running = await findRunningTake(this.deps.db, auth.memberId);
    if (running?.bonus.kind !== 'promotion') return { promotion: null };
    const { code, percentFail, description } = running.bonus;
    return {
      promotion: {
        code,
        percentFail,
        description: cleanOperatorHtml(textIn(description, locale)),
      },
    };
  }

  /** GET /api/bonus/check/active: whether a bonus runs (waiting or paid), and its type. */
  async checkActive(auth: AuthContext): Promise<BonusCheckActiveResponse> {
    const member = await this.deps.member(auth.memberId);
    const running = await this.evaluate(member);
    return running
      ? { status: true, type: running.bonus.type as BonusCheckActiveResponse['type'] }
      : { status: false, type: null };
  }

  /**
   * GET /api/bonus/check/minimum: the running bonus's threshold against the money in play; the
   * bonus is cancelled as soon as the money reaches it, so `status` reads true only at the moment
   * of that cancel.
   */
  async checkMinimum(auth: AuthContext): Promise<BonusCheckMinimumResponse> {
    const member = await this.deps.member(auth.memberId);
    const running = await findRunningTake(this.deps.db, member.id);
    if (running?.state !== 'active') return { status: false, minimum: 0, balance: 0 };
    const inPlay = await this.inPlay(member);
    const threshold = thresholdOf(running);
    await this.evaluate(member);
    return {
      status: inPlay <= threshold,
      minimum: fromMinor(threshold),
      balance: fromMinor(inPlay),
    };
  }

  /** GET /api/bonus/clear: the member ends the running bonus; the bonus wallet is forfeited. */
  async clear(auth: AuthContext): Promise<{ message: 'BONUS_CLEAR' }> {
    const running = await findRunningTake(this.deps.db, auth.memberId);
    if (!running) throw new DomainError('NO_DATA');
    const ended = await endTake(this.deps.db, running.id, ['waiting', 'active'], 'cleared');
    if (!ended) throw new DomainError('NO_DATA');
    await this.settleEnd(ended);
    return { message: 'BONUS_CLEAR' };
  }

  /**
   * Whether a paid bonus is running: the hook of withdrawals (BONUS_CONDITION), member-started
   * deposits (BONUS_REMAINING: a bonus must end before the next deposit), refunds and bonus
   * coupons.
   */
  /** The running bonus's progress (its turnover made and to make), or null (the back office). */
  async runningOf(memberId: number): Promise<BonusProgress | null> {
    const member = await this.deps.member(memberId);
    const running = await this.evaluate(member);
    return running ? this.progress(member, running) : null;
  }

  async paidBonusRunning(memberId: number): Promise<boolean> {
    const member = await this.deps.member(memberId);
    const running = await this.evaluate(member);
    return running?.state === 'active';
  }

  /**
   * A deposit was credited (DepositRewards): a waiting bonus of its currency is paid when the
   * deposit reaches its minimum, once (Ledger.credit, source `bonus`, reference the take's id).
   */
  async onDeposit(deposit: Deposit): Promise<void> {
    const running = await findRunningTake(this.deps.db, deposit.memberId);
    if (running?.state !== 'waiting') return;
    const { bonus } = running;
    if (bonus.currency !== deposit.currency || deposit.amount < bonus.minDeposit) return;
    const amount = Math.min(Math.floor((deposit.amount * bonus.percent) / 100), bonus.maxBonus);
    const paid = await markTakePaid(this.deps.db, running.id, {
      depositAmount: deposit.amount,
      bonusAmount: amount,
      turnoverTarget: (deposit.amount + amount) * bonus.turnoverMultiplier,
    });
    if (paid) await this.pay({ ...paid, bonus });
  }

  private async pay(take: RunningTake): Promise<void> {
    const { db, ledger } = this.deps;
    const amount = take.bonusAmount ?? 0;
    if (amount <= 0) return;
    const credit = await ledger.credit(db, {
      source: 'bonus',
      reference: String(take.id),
      memberId: take.memberId,
      amount: minor(amount),
      currency: take.bonus.currency,
      from: 'bonuses',
      into: 'bonus',
      type: 'bonus',
      label: { from: take.bonus.code, to: WALLET_ACCOUNT },
      description: {
        [take.bonus.kind === 'promotion' ? 'promotion' : 'bonus']: {
          description: take.bonus.code,
        },
      },
    });
    await linkTakePayment(db, take.id, credit.transactionId);
  }

  /**
   * Brings the member's running bonus up to date: an active one whose turnover is met finishes;
   * one whose money in play fell to its threshold is cancelled. Answers what still runs.
   */
  async evaluate(member: MemberMoneyInfo): Promise<RunningTake | null> {
    const running = await findRunningTake(this.deps.db, member.id);
    if (running?.state !== 'active' || !running.paidAt) return running;
    const done = await turnoverSince(this.deps.db, member.id, running.paidAt);
    if (done >= (running.turnoverTarget ?? 0)) {
      const ended = await endTake(this.deps.db, running.id, ['active'], 'finished');
      if (ended) await this.settleEnd(ended);
      return null;
    }
    if ((await this.inPlay(member)) <= thresholdOf(running)) {
      const ended = await endTake(this.deps.db, running.id, ['active'], 'cancelled');
      if (ended) await this.settleEnd(ended);
      return null;
    }
    return running;
  }

  /**
   * Moves the bonus wallet once for an ended take: to cash when it finished (finish_bonus), to
   * the operator when it was cancelled or cleared. A take ended before it was paid moves nothing.
   */
  private async settleEnd(take: TakeRow): Promise<void> {
    const { db, ledger } = this.deps;
    if (take.paidAt === null) {
      await markEndSettled(db, take.id, null);
      return;
    }
    const member = await this.deps.member(take.memberId);
    const { bonus } = await ledger.memberWallet(db, take.memberId);
    let transactionId: number | null = null;
    if (bonus > 0) {
      const finished = take.state === 'finished';
      const moved = await ledger.moveOnce(db, {
        source: finished ? 'bonus_finish' : 'bonus_forfeit',
        reference: String(take.id),
        memberId: take.memberId,
        amount: bonus,
        currency: member.currency,
        from: { member: 'bonus' },
        to: finished ? { member: 'cash' } : { operator: 'bonuses' },
        type: finished ? 'finish_bonus' : 'bonus',
        label: finished
          ? { from: take.bonusCode, to: WALLET_ACCOUNT }
          : { from: WALLET_ACCOUNT, to: take.bonusCode },
      });
      transactionId = moved.transactionId;
    }
    await markEndSettled(db, take.id, transactionId);
  }

  /**
   * The bonus job: pays takes whose payment a process left undone, settles ended takes whose
   * money did not move, and evaluates every active bonus (turnover and threshold).
   */
  async sweep(): Promise<{ settled: number; evaluated: number }> {
    const { db, log } = this.deps;
    let settled = 0;
    for (const take of await listUnsettledTakes(db)) {
      try {
        if (take.endedAt !== null) await this.settleEnd(take);
        else {
          const running = await findRunningTake(db, take.memberId);
          if (running?.id === take.id) await this.pay(running);
        }
        settled += 1;
      } catch (error) {
        log.error({ err: error, take: take.id }, 'bonus not settled');
      }
    }
    const members = await listActiveTakeMembers(db);
    for (const memberId of members) {
      try {
        await this.evaluate(await this.deps.member(memberId));
      } catch (error) {
        log.error({ err: error, memberId }, 'bonus not evaluated');
      }
    }
    return { settled, evaluated: members.length };
  }

  private async take(
    member: MemberMoneyInfo,
    bonus: BonusRow,
    exhausted: 'BONUS_MAX_CLAIMED' | 'PROMOTION_RECEIVED',
  ): Promise<TakeRow> {
    if (await this.exhausted(member, bonus)) throw new DomainError(exhausted);
    if (await this.evaluate(member)) throw new DomainError('BONUS_ALREADY_ACTIVE');
    const take = await insertTake(this.deps.db, member.id, bonus);
    if (!take) throw new DomainError('BONUS_ALREADY_ACTIVE');
    return take;
  }

  /** Received `maxReceived` times in its period (Asia/Bangkok day or week, or ever). */
  private async exhausted(member: MemberMoneyInfo, bonus: BonusRow): Promise<boolean> {
    const takes = await listTakes(this.deps.db, member.id, [bonus.code]);
    const record = { type: bonus.type as Bonus['type'], userBonus: userBonusOf(takes) };
    return receivedInPeriod(record, this.deps.now()) >= bonus.maxReceived;
  }

  private async promotion(member: MemberMoneyInfo, code: string): Promise<BonusRow | null> {
    const bonus = await findBonus(this.deps.db, code);
    return bonus?.kind === 'promotion' && bonus.currency === member.currency ? bonus : null;
  }

  /** Cash and game accounts as the ledger last knew them: the money the bonus is played with. */
  private async inPlay(member: MemberMoneyInfo): Promise<number> {
    const balances = await this.deps.ledger.memberBalances(this.deps.db, member.id);
    return balances
      .filter((b) => b.kind === 'cash' || b.kind === 'game')
      .reduce((sum, b) => sum + b.balance, 0);
  }

  private async progress(member: MemberMoneyInfo, take: RunningTake): Promise<BonusProgress> {
    const { bonus } = take;
    const [done, inPlay, wallet] = await Promise.all([
      take.paidAt ? turnoverSince(this.deps.db, member.id, take.paidAt) : Promise.resolve(0),
      this.inPlay(member),
      this.deps.ledger.memberWallet(this.deps.db, member.id),
    ]);
    const active = take.state === 'active';
    return {
      code: bonus.code,
      kind: bonus.kind as BonusProgress['kind'],
      state: take.state as BonusProgress['state'],
      percent: bonus.percent,
      percentFail: bonus.percentFail,
      maxBonus: fromMinor(bonus.maxBonus),
      minDeposit: fromMinor(bonus.minDeposit),
      deposit: fromMinor(take.depositAmount ?? 0),
      bonus: fromMinor(take.bonusAmount ?? 0),
      turnoverDone: fromMinor(done),
      turnoverTarget: fromMinor(take.turnoverTarget ?? 0),
      threshold: fromMinor(active ? thresholdOf(take) : 0),
      inPlay: fromMinor(inPlay),
      locked: fromMinor(active ? inPlay + wallet.bonus : 0),
      withdrawable: fromMinor(active ? 0 : wallet.cash),
    };
  }
}
