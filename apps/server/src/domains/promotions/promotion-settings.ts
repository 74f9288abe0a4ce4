import { fromMinor, toMinor } from '@wallet/contract/money';
import type {
  BonusRules,
  BonusSetting,
  InviteSetting,
  RefundSetting,
  WheelSetting,
} from '@wallet/contract/promotion-settings';
import { asc, desc, eq } from 'drizzle-orm';
import type { AuditLog } from '../../core/audit/audit';
import { changeSettingAudited } from '../../core/settings/audited-change';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/pg-errors';
import { bonuses, spinSlices, spinwheels } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { cleanLocalHtml } from '../../lib/operator-html';
import { pictureHolds } from '../../lib/pictures';
import type { ChangedBy } from '../staff/staff-accounts';

type BonusRow = typeof bonuses.$inferSelect;

/** Every uploaded banner picture is the picture its type says (lib/pictures.ts). */
function checkBanners(banners: readonly { image: string }[]): void {
  const bad = banners.findIndex((banner) => !pictureHolds(banner.image));
  if (bad >= 0) throw new DomainError('KEY_INVALID', { field: `banners.${bad}.image` });
}

/**
 * Weights as chances in hundredths of a percent that add up to exactly 10,000: each gets its
 * share rounded down, and the hundredths left go to the largest remainders.
 */
export function chancesOf(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight * 10_000) / total);
  const chances = exact.map(Math.floor);
  let left = 10_000 - chances.reduce((sum, chance) => sum + chance, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    chances[i] = (chances[i] ?? 0) + 1;
    left -= 1;
  }
  return chances;
}

/** A bonus as the back office edits it: money in the currency's units, texts cleaned. */
function bonusSetting(row: BonusRow): BonusSetting {
  return {
    code: row.code,
    currency: row.currency as BonusSetting['currency'],
    kind: row.kind as BonusSetting['kind'],
    type: row.type as BonusSetting['type'],
    maxReceived: row.maxReceived,
    percent: row.percent,
    maxBonus: fromMinor(row.maxBonus),
    minDeposit: fromMinor(row.minDeposit),
    turnoverMultiplier: row.turnoverMultiplier,
    percentFail: row.percentFail,
    description: cleanLocalHtml(row.description),
    banners: row.banners.map((banner) => ({ ...banner, html: cleanLocalHtml(banner.html) })),
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

function bonusColumns(rules: BonusRules) {
  return {
    ...rules,
    maxBonus: toMinor(rules.maxBonus),
    minDeposit: toMinor(rules.minDeposit),
    description: cleanLocalHtml(rules.description),
    banners: rules.banners.map((banner) => ({ ...banner, html: cleanLocalHtml(banner.html) })),
  };
}

/**
 * The promotions an operator sets (docs/backoffice.md, "Promotions"). Each change is written
 * with its audit entry (before, after, the reason) in one transaction and read by members on
 * their next call. A change applies to what members take afterwards: a take keeps its bonus's
 * rules (member_bonuses.terms), a coupon its prize, and a new wheel is a new version, so the
 * spins and coupons of the old one keep pointing at what they won.
 */
export class PromotionSettings {
  constructor(private readonly deps: { db: Db; audit: AuditLog }) {}

  async bonuses(): Promise<BonusSetting[]> {
    const rows = await this.deps.db
      .select()
      .from(bonuses)
      .orderBy(asc(bonuses.currency), asc(bonuses.sortOrder), asc(bonuses.code));
    return rows.map(bonusSetting);
  }

  async createBonus(bonus: BonusSetting, reason: string, by: ChangedBy): Promise<BonusSetting> {
    checkBanners(bonus.banners);
    const { db, audit } = this.deps;
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bonuses)
          .values({ ...bonusColumns(bonus), code: bonus.code, currency: bonus.currency })
          .returning();
        if (!row) throw new Error('the bonus was not stored');
        const after = bonusSetting(row);
        await audit.append(
          {
            ...by,
            action: 'promotions.bonus',
            target: `bonus:${row.code}`,
            reason,
            before: null,
            after,
          },
          tx,
        );
        return after;
      });
    } catch (error) {
      if (uniqueViolation(error) !== null)
        throw new DomainError('BONUS_CODE_TAKEN', { field: 'code' });
      throw error;
    }
  }

  async changeBonus(
    code: string,
    rules: BonusRules,
    reason: string,
    by: ChangedBy,
  ): Promise<BonusSetting> {
    checkBanners(rules.banners);
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(bonuses).where(eq(bonuses.code, code)).for('update');
      if (!current) throw new DomainError('NO_DATA');
      const [row] = await tx
        .update(bonuses)
        .set(bonusColumns(rules))
        .where(eq(bonuses.code, code))
        .returning();
      if (!row) throw new DomainError('NO_DATA');
      const before = bonusSetting(current);
      const after = bonusSetting(row);
      await audit.append(
        { ...by, action: 'promotions.bonus', target: `bonus:${code}`, reason, before, after },
        tx,
      );
      return after;
    });
  }

  /** The wheel members spin now (the active one), else the latest; null before any. */
  async wheel(db: Db = this.deps.db): Promise<WheelSetting | null> {
    const [shown] = await db
      .select()
      .from(spinwheels)
      .orderBy(desc(spinwheels.active), desc(spinwheels.id))
      .limit(1);
    if (!shown) return null;
    const slices = await db
      .select()
      .from(spinSlices)
      .where(eq(spinSlices.wheelId, shown.id))
      .orderBy(asc(spinSlices.sortOrder), asc(spinSlices.id));
    const chances = chancesOf(slices.map((slice) => slice.weight));
    return {
      name: shown.name,
      currency: shown.currency as WheelSetting['currency'],
      active: shown.active,
      depositPerCoin: fromMinor(shown.depositPerCoin),
      couponDays: shown.couponDays,
      slices: slices.map((slice, i) => ({
        code: slice.code,
        label: slice.label,
        bgColor: slice.bgColor,
        textColor: slice.textColor,
        htmlDescription: cleanLocalHtml(slice.htmlDescription),
        probability: (chances[i] ?? 0) / 100,
        prizeKind: slice.prizeKind as WheelSetting['slices'][number]['prizeKind'],
        prizeAmount: fromMinor(slice.prizeAmount),
      })),
    };
  }

  /**
   * Publishes a wheel: a new version with its slices (weights in hundredths of a percent) that
   * takes the running one's place in the same transaction, so a spin meets either the old wheel
   * or the new one, whole.
   */
  async publishWheel(wheel: WheelSetting, reason: string, by: ChangedBy): Promise<WheelSetting> {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      // The running wheel's row, locked: two publishes at once are told apart in the audit.
      await tx
        .select({ id: spinwheels.id })
        .from(spinwheels)
        .where(eq(spinwheels.active, true))
        .for('update');
      const before = await this.wheel(tx);
      await tx.update(spinwheels).set({ active: false }).where(eq(spinwheels.active, true));
      const [row] = await tx
        .insert(spinwheels)
        .values({
          name: wheel.name,
          active: wheel.active,
          currency: wheel.currency,
          depositPerCoin: toMinor(wheel.depositPerCoin),
          couponDays: wheel.couponDays,
        })
        .returning({ id: spinwheels.id });
      if (!row) throw new Error('the wheel was not stored');
      await tx.insert(spinSlices).values(
        wheel.slices.map((slice, i) => ({
          wheelId: row.id,
          code: slice.code,
          label: slice.label,
          bgColor: slice.bgColor,
          textColor: slice.textColor,
          htmlDescription: cleanLocalHtml(slice.htmlDescription),
          weight: Math.round(slice.probability * 100),
          prizeKind: slice.prizeKind,
          prizeAmount: toMinor(slice.prizeAmount),
          sortOrder: i,
        })),
      );
      await audit.append(
        {
          ...by,
          action: 'promotions.wheel',
          target: `wheel:${row.id}`,
          reason,
          before,
          after: wheel,
        },
        tx,
      );
    });
    return (await this.wheel()) as WheelSetting;
  }

  invite(): Promise<InviteSetting> {
    return readSetting(this.deps.db, 'invite');
  }

  refund(): Promise<RefundSetting> {
    return readSetting(this.deps.db, 'refund');
  }

  async changeInvite(rules: InviteSetting, reason: string, by: ChangedBy): Promise<InviteSetting> {
    return this.changeSetting('invite', rules, reason, by);
  }

  async changeRefund(rules: RefundSetting, reason: string, by: ChangedBy): Promise<RefundSetting> {
    return this.changeSetting('refund', rules, reason, by);
  }

  private async changeSetting<K extends 'invite' | 'refund'>(
    key: K,
    rules: K extends 'invite' ? InviteSetting : RefundSetting,
    reason: string,
    by: ChangedBy,
  ) {
    checkBanners(rules.banners);
    const after = await changeSettingAudited(this.deps, key, rules as never, {
      ...by,
      action: `promotions.${key}`,
      target: `settings:${key}`,
      reason,
    });
    return after as K extends 'invite' ? InviteSetting : RefundSetting;
  }
}
