import type { Bonus, UserBonus } from '@wallet/contract/bonus';
import { textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import { fromMinor } from '@wallet/contract/money';
import { bannersIn, cleanOperatorHtml } from '../../lib/operator-html';
import type { BonusRow, RunningTake, TakeRow } from './bonus.repository';

/** How a bonus and a member's takes of it read in the member API, and a take's threshold. */

/** The money in play at which an active bonus is cancelled: percentFail % of deposit and bonus. */
export function thresholdOf(take: RunningTake): number {
  const stake = (take.depositAmount ?? 0) + (take.bonusAmount ?? 0);
  return Math.floor((stake * take.bonus.percentFail) / 100);
}

/** The spec's userBonus: the latest take's id and whether it runs; every received time. */
export function userBonusOf(takes: TakeRow[]): UserBonus | null {
  const latest = takes[0];
  if (!latest) return null;
  return {
    _id: String(latest.id),
    isActive: latest.state === 'waiting' || latest.state === 'active',
    received: takes.map((t) => ({ updatedAt: (t.paidAt ?? t.createdAt).toISOString() })),
  };
}

export function toBonus(bonus: BonusRow, takes: TakeRow[], locale: Locale): Bonus {
  return {
    code: bonus.code,
    type: bonus.type as Bonus['type'],
    maxReceived: bonus.maxReceived,
    percentFail: bonus.percentFail,
    banners: bannersIn(bonus.banners, locale),
    userBonus: userBonusOf(takes),
    percent: bonus.percent,
    maxBonus: fromMinor(bonus.maxBonus),
    minDeposit: fromMinor(bonus.minDeposit),
    turnoverMultiplier: bonus.turnoverMultiplier,
    description: cleanOperatorHtml(textIn(bonus.description, locale)),
  };
}
