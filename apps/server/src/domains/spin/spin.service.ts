import { textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import { fromMinor, minor } from '@wallet/contract/money';
import type {
  Coupon,
  CouponClaimResponse,
  CouponListResponse,
  Slice,
  SpinActiveResponse,
  SpinResponse,
  SpinSetupResponse,
} from '@wallet/contract/spin';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import {
  fingerprint,
  type Idempotency,
  type IdempotencyTicket,
  type Recovery,
} from '../../core/idempotency/idempotency';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { cleanOperatorHtml } from '../../lib/operator-html';
import type { AuthContext } from '../auth/auth.service';
import {
  answerKeyedSpin,
  type CouponView,
  claimCoupon,
  findActiveWheel,
  findCoupon,
  findSpinner,
  insertCoupon,
  insertSpin,
  linkCouponTransaction,
  listClaimedUncredited,
  listOpenCoupons,
  listSlices,
  type SliceRow,
  spendCoin,
} from './spin.repository';
import { type Draw, pickWeighted } from './spin-odds';

export type SpinServiceDeps = {
  db: Db;
  ledger: Ledger;
  idempotency: Idempotency;
  /**
   * Whether the member has a bonus running: a bonus-kind coupon waits until it ends
   * (BONUS_REMAINING, the spec's error catalogue), as a refund does (the spec's states).
   */
  activeBonus: (memberId: number) => Promise<boolean>;
  /** The slice draw; `crypto.randomInt` unless a test fixes it. */
  draw?: Draw;
  log: Pick<Log, 'error' | 'info'>;
};

/** A coupon id is the coupon's serial number; anything else is INVALID_CODE. */
const COUPON_ID = /^[1-9][0-9]{0,15}$/;

function sliceOf(slice: SliceRow, locale: Locale): Slice {
  return {
    code: slice.code,
    label: slice.label,
    bgColor: slice.bgColor,
    textColor: slice.textColor,
    htmlDescription: cleanOperatorHtml(textIn(slice.htmlDescription, locale)),
  };
}

function couponOf({ coupon, slice }: CouponView, locale: Locale): Coupon {
  return {
    _id: String(coupon.id),
    prize: { name: slice.label, slice: sliceOf(slice, locale) },
    amount: fromMinor(coupon.amount),
    kind: coupon.kind === 'bonus' ? 'bonus' : 'cash',
    expiresAt: coupon.expiresAt.toISOString(),
  };
}

/** Why the member cannot claim this coupon; null when it is their open, unexpired one. */
function refusalOf(found: CouponView | null, memberId: number): DomainError | null {
  if (!found || found.coupon.memberId !== memberId || found.coupon.state !== 'open') {
    return new DomainError('NO_CLAIMABLE_COUPON');
  }
  return found.expired ? new DomainError('COUPON_EXPIRED') : null;
}

/**
 * A coupon of the member's claimed but never credited, claimed longer ago than a live request
 * holds its key (LEASE_MS, docs/decisions/0036): its process died. A claim racing this one is
 * milliseconds old and never looks like this.
 */
function leftHalfDone({ coupon, claimedLongAgo }: CouponView, memberId: number): boolean {
  return (
    coupon.memberId === memberId &&
    coupon.state === 'claimed' &&
    coupon.transactionId === null &&
    claimedLongAgo
  );
}

/**
 * The prize wheel and its coupons (the spec's screens, states and calls; docs/promotions.md). Coins are
 * earned by deposits (rewards/deposit-rewards.ts). A spin spends one coin, picks a slice by the
 * wheel's weights with a cryptographic draw and, for a prize slice, writes a coupon — all in
 * one transaction. A claim moves the coupon open → claimed by one conditional update and then
 * credits it once (Ledger.credit, source `coupon`, reference the coupon's id); the sweep credits
 * a claimed coupon whose process died before its credit.
 */
export class SpinService {
  constructor(private readonly deps: SpinServiceDeps) {}

  /** GET /api/spinwheel/active: a wheel runs in the member's currency. */
  async active(auth: AuthContext): Promise<SpinActiveResponse> {
    const { wheel } = await this.wheelOf(auth.memberId);
    return { isActive: wheel !== null };
  }

  /** GET /api/spinwheel/setup: the running wheel's slices, in drawing order, and the coins. */
  async setup(auth: AuthContext, locale: Locale): Promise<SpinSetupResponse> {
    const { coin, wheel } = await this.wheelOf(auth.memberId);
    if (!wheel) return { result: { activeSpinwheel: null }, userCoin: coin };
    const slices = await listSlices(this.deps.db, wheel.id);
    return {
      result: {
        activeSpinwheel: {
          name: wheel.name,
          slice: slices.map((slice) => sliceOf(slice, locale)),
          userCoin: coin,
        },
      },
      userCoin: coin,
    };
  }

  /**
   * POST /api/spinwheel/spin under the request's Idempotency-Key: the same key answers the same
   * slice and spends one coin. No coin is MONEY_NOT_ENOUGH; no running wheel, or one whose
   * slices all weigh 0, is INVALID_PRIZE_CODE. Neither spends anything.
   */
  spin(auth: AuthContext, key: string | undefined): Promise<SpinResponse> {
    return this.deps.idempotency.run(
      auth.memberId,
      key,
      { hash: fingerprint('spin', {}), request: {} },
      (ticket) => this.turn(auth.memberId, ticket),
    );
  }

  private async turn(memberId: number, ticket: IdempotencyTicket | undefined) {
    const { db } = this.deps;
    const { wheel } = await this.wheelOf(memberId);
    const slice = wheel ? pickWeighted(await listSlices(db, wheel.id), this.deps.draw) : null;
    if (!wheel || !slice) throw new DomainError('INVALID_PRIZE_CODE');
    const answer = await db.transaction(async (tx) => {
      const remainingCoin = await spendCoin(tx, memberId);
      if (remainingCoin === null) throw new DomainError('MONEY_NOT_ENOUGH');
      const spinId = await insertSpin(tx, { memberId, wheelId: wheel.id, sliceId: slice.id });
      if (slice.prizeKind !== 'none') {
        const prize = {
          memberId,
          spinId,
          sliceId: slice.id,
          kind: slice.prizeKind,
          amount: slice.prizeAmount,
          currency: wheel.currency,
        };
        await insertCoupon(tx, prize, wheel.couponDays);
      }
      const spun: SpinResponse = {
        success: true,
        result: { code: slice.code, label: slice.label, remainingCoin },
      };
      // The answer commits with the coin it cost; a key taken over meanwhile spends nothing.
      if (ticket && !(await answerKeyedSpin(tx, ticket, spun))) throw ticket.taken();
      return spun;
    });
    if (ticket) ticket.state = 'answered';
    return answer;
  }

  /** GET /api/spinwheel/coupon: the member's coupons still to claim, newest first. */
  async coupons(auth: AuthContext, locale: Locale): Promise<CouponListResponse> {
    const open = await listOpenCoupons(this.deps.db, auth.memberId);
    return { coupons: open.map((view) => couponOf(view, locale)) };
  }

  /**
   * POST /api/spinwheel/coupon/claim { coupon } under the request's Idempotency-Key. Only the
   * member's own open coupon (anything else, another member's included, is NO_CLAIMABLE_COUPON,
   * so ids reveal nothing), before it runs out (COUPON_EXPIRED); a bonus prize not while a
   * bonus runs (BONUS_REMAINING).
   */
  claim(auth: AuthContext, key: string | undefined, coupon: string): Promise<CouponClaimResponse> {
    const request = { coupon };
    return this.deps.idempotency.run(
      auth.memberId,
      key,
      { hash: fingerprint('coupon.claim', request), request },
      (ticket) => this.redeem(auth.memberId, coupon, ticket),
      { recover: (orphan) => this.recoverClaim(orphan) },
    );
  }

  private async redeem(
    memberId: number,
    couponId: string,
    ticket: IdempotencyTicket | undefined,
  ): Promise<CouponClaimResponse> {
    const { db } = this.deps;
    if (!COUPON_ID.test(couponId)) throw new DomainError('INVALID_CODE', { field: 'coupon' });
    const id = Number(couponId);
    const found = await findCoupon(db, id);
    if (found && leftHalfDone(found, memberId)) {
      // The member's earlier claim (a retry of this very request, most likely) whose process
      // died between the claim and the credit: completed now rather than left to the sweep.
      await this.credit(found, ticket);
      return { success: true, amount: fromMinor(found.coupon.amount) };
    }
    const refused = refusalOf(found, memberId);
    if (!found || refused) throw refused ?? new DomainError('NO_CLAIMABLE_COUPON');
    if (found.coupon.kind === 'bonus' && (await this.deps.activeBonus(memberId))) {
      throw new DomainError('BONUS_REMAINING');
    }
    if (!(await claimCoupon(db, id, memberId))) {
      // Another claim won, or the coupon ran out in between.
      throw refusalOf(await findCoupon(db, id), memberId) ?? new DomainError('NO_CLAIMABLE_COUPON');
    }
    await this.credit(found, ticket);
    return { success: true, amount: fromMinor(found.coupon.amount) };
  }

  /**
   * A claim whose process died after its credit (docs/decisions/0036): its answer from the
   * coupon, which is claimed (and credited once, whoever links it). Otherwise the request runs
   * again: a coupon still open is claimed, one claimed but not credited is completed.
   */
  private async recoverClaim({
    memberId,
    request,
  }: Parameters<Recovery<CouponClaimResponse>>[0]): ReturnType<Recovery<CouponClaimResponse>> {
    const asked = String((request as { coupon?: unknown } | null)?.coupon ?? '');
    const found = COUPON_ID.test(asked) ? await findCoupon(this.deps.db, Number(asked)) : null;
    if (!found || found.coupon.memberId !== memberId || found.coupon.state !== 'claimed') {
      return { rerun: true };
    }
    await this.credit(found, undefined);
    return { final: true, answer: { success: true, amount: fromMinor(found.coupon.amount) } };
  }

  /** Credits a claimed coupon into the wallet of its kind, once, and links the transaction. */
  private async credit({ coupon, slice }: CouponView, ticket: IdempotencyTicket | undefined) {
    const { db, ledger } = this.deps;
    const credit = await ledger.credit(
      db,
      {
        source: 'coupon',
        reference: String(coupon.id),
        memberId: coupon.memberId,
        amount: minor(coupon.amount),
        currency: coupon.currency,
        from: 'prizes',
        into: coupon.kind === 'bonus' ? 'bonus' : 'cash',
        type: 'bonus',
        label: { from: 'LUCKYDRAW', to: WALLET_ACCOUNT },
        description: { luckydraw: { description: slice.label } },
      },
      { ticket },
    );
    await linkCouponTransaction(db, coupon.id, credit.transactionId);
  }

  /**
   * The coupon job (run every reconcile interval by one process): a coupon claimed more than
   * `graceMs` ago whose credit a dead process left undone is credited.
   */
  async sweep(graceMs: number): Promise<{ credited: number }> {
    const { db, log } = this.deps;
    let credited = 0;
    for (const found of await listClaimedUncredited(db, graceMs)) {
      try {
        await this.credit(found, undefined);
        credited += 1;
      } catch (error) {
        log.error({ err: error, couponId: found.coupon.id }, 'claimed coupon not credited');
      }
    }
    return { credited };
  }

  /** The member's coins and the wheel running in their currency, if any. */
  private async wheelOf(memberId: number) {
    const { db } = this.deps;
    const spinner = await findSpinner(db, memberId);
    if (!spinner) throw new DomainError('INVALID_USER_3');
    return { coin: spinner.coin, wheel: await findActiveWheel(db, spinner.currency) };
  }
}
