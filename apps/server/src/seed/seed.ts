import { CurrencySchema } from '@wallet/contract/account';
import { bonusTypes } from '@wallet/contract/bonus';
import { StoredLocalBannerSchema, StoredLocalTextSchema } from '@wallet/contract/common';
import {
  type Currency,
  gameCategories,
  gameProviderCodes,
  qrProviders,
} from '@wallet/contract/constants';
import { DepositAccountSchema, WalletAccountSchema } from '@wallet/contract/deposit';
import { BankListItemSchema, SourceListItemSchema } from '@wallet/contract/lookup';
import { toMinor } from '@wallet/contract/money';
import { SliceSchema } from '@wallet/contract/spin';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import { insertSettingIfMissing } from '../core/settings/settings.repository';
import { settingSchemas } from '../core/settings/settings.schemas';
import type { Db } from '../db/client';
import {
  banks,
  bonuses,
  depositAccounts,
  gameProviders,
  sources,
  spinSlices,
  spinwheels,
  truemoneyAccounts,
} from '../db/schema';
import { cleanLocalHtml } from '../lib/operator-html';
import { badgeSvg, bannerSvg } from './placeholder-images';

/**
 * The seed file's shape: one top-level key per domain, so later issues add theirs (deposit
 * accounts, bonuses, …) without touching the others. Parsed at start: a typo in the file
 * stops the process instead of seeding half the data.
 */
/** A banner of the seed: without an image, one is drawn with its title. */
const SeedBannerSchema = StoredLocalBannerSchema.extend({
  image: z.string().nullable(),
  title: z.string(),
});

export const SeedSchema = z.object({
  banks: z.array(BankListItemSchema.extend({ country: z.enum(['TH', 'LA']) })).min(1),
  sources: z.array(SourceListItemSchema).min(1),
  site: z.object({
    info: settingSchemas.info,
    contact: settingSchemas.contact.extend({ lineQR: z.string().nullable() }),
    conditions: settingSchemas.conditions,
    agreements: settingSchemas.agreements,
    notice: settingSchemas.notice,
    howto: settingSchemas.howto,
  }),
  features: z.object({
    registerOTP: z.boolean(),
    enableChatWidget: z.boolean(),
    terminated: z.boolean(),
  }),
  /** Every amount rule per currency, in baht or kip as on screen (docs/decisions/0050). */
  withdraw: z.record(
    CurrencySchema,
    z
      .object({
        withdrawMin: z.number().min(0),
        withdrawMax: z.number().min(0),
        approvalAbove: z.number().min(0),
      })
      .refine((w) => w.withdrawMin <= w.withdrawMax, 'withdrawMin must not exceed withdrawMax'),
  ),
  amountLimits: z.record(
    CurrencySchema,
    z.object({
      transferMin: z.number().positive(),
      giftLinkMin: z.number().positive(),
      qrMin: z.record(z.enum(qrProviders), z.number().positive()),
      depositMax: z.number().positive(),
    }),
  ),
  slip: settingSchemas.slip,
  deposit: z.object({
    banks: z.array(DepositAccountSchema),
    wallets: z.array(WalletAccountSchema),
    isManual: z.boolean(),
  }),
  /** Bonuses and promotion codes (docs/promotions.md); money in baht or kip, as on screen. */
  bonuses: z.array(
    z.object({
      code: z.string().regex(/^[A-Z0-9_-]{1,40}$/),
      kind: z.enum(['listed', 'promotion']),
      type: z.enum(bonusTypes),
      maxReceived: z.number().int().min(1),
      currency: CurrencySchema,
      percent: z.number().int().min(1).max(1000),
      maxBonus: z.number().positive(),
      minDeposit: z.number().positive(),
      turnoverMultiplier: z.number().int().min(0),
      percentFail: z.number().int().min(0).max(100),
      description: StoredLocalTextSchema,
      /** A banner without an image gets a drawn one with its title. */
      banners: z.array(SeedBannerSchema),
    }),
  ),
  /**
   * The prize wheel (docs/promotions.md), active: a coin per `depositPerCoin` deposited, a
   * coupon claimable for `couponDays`; each slice wins with odds of its weight over the total.
   * Money in baht or kip, as on screen.
   */
  spinwheel: z.object({
    name: z.string().min(1),
    currency: CurrencySchema,
    depositPerCoin: z.number().positive(),
    couponDays: z.number().int().min(1),
    slices: z
      .array(
        SliceSchema.extend({
          htmlDescription: StoredLocalTextSchema,
          weight: z.number().int().min(0),
          prizeKind: z.enum(['none', 'cash', 'bonus']),
          prizeAmount: z.number().min(0),
        }),
      )
      .min(2),
  }),
  /** The invite programme and loss refunds (docs/promotions.md); banners drawn when imageless. */
  invite: settingSchemas.invite.extend({ banners: z.array(SeedBannerSchema) }),
  refund: settingSchemas.refund.extend({ banners: z.array(SeedBannerSchema) }),
  gameProviders: z
    .array(
      z.object({
        code: z.enum(gameProviderCodes),
        name: z.string().min(1),
        category: z.enum(gameCategories),
        logo: z.string().nullable(),
        background: z.string().nullable(),
        web: z.string().nullable(),
        android: z.string().nullable(),
        ios: z.string().nullable(),
        active: z.boolean(),
      }),
    )
    .refine(
      (list) => gameProviderCodes.every((code) => list.some((p) => p.code === code)),
      "the seed must hold every game provider code of the spec's entities",
    ),
});
export type Seed = z.infer<typeof SeedSchema>;

async function isEmpty(
  db: Db,
  table:
    | typeof banks
    | typeof sources
    | typeof gameProviders
    | typeof depositAccounts
    | typeof truemoneyAccounts
    | typeof bonuses
    | typeof spinwheels,
) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * Applies the seed, idempotently: a table is filled only while empty and a setting only while
 * missing, so a restart never undoes what the operator changed. Runs in one transaction under
 * the migration lock (db/client.ts).
 */
/**
 * `moneyDemo`: also the demo's deposit accounts, TrueMoney wallets, bonuses and wheel, which
 * move real money outside the sandbox (bootstrap.ts).
 */
export async function applySeed(
  db: Db,
  seed: Seed,
  { moneyDemo }: { moneyDemo: boolean },
): Promise<void> {
  const lineQR =
    seed.site.contact.lineQR ??
    (await QRCode.toDataURL(seed.site.contact.lineLink, { margin: 1, width: 240 }));

  await db.transaction(async (tx) => {
    if (await isEmpty(tx, banks)) {
      await tx.insert(banks).values(
        seed.banks.map((b, i) => ({
          code: b.code,
          nameTh: b.nameTH,
          nameEn: b.nameEN,
          country: b.country,
          sortOrder: i,
        })),
      );
    }
    if (await isEmpty(tx, sources)) {
      await tx
        .insert(sources)
        .values(
          seed.sources.map((s, i) => ({ code: s.code, description: s.description, sortOrder: i })),
        );
    }
    if (await isEmpty(tx, gameProviders)) {
      await tx.insert(gameProviders).values(
        seed.gameProviders.map((p, i) => ({
          ...p,
          logo: p.logo ?? badgeSvg(p.name, i),
          background: p.background ?? bannerSvg(p.name, i),
          sortOrder: i,
        })),
      );
    }

    if (moneyDemo && (await isEmpty(tx, depositAccounts))) {
      await tx.insert(depositAccounts).values(
        seed.deposit.banks.map((a, i) => ({
          bankCode: a.bankCode,
          bankType: a.bankType,
          mode: a.mode,
          nameTh: a.bank.nameTH,
          nameEn: a.bank.nameEN,
          accountName: a.bankAccountName,
          accountNo: a.bankAccountNo,
          currency: a.currency,
          sortOrder: i,
        })),
      );
    }
    if (moneyDemo && (await isEmpty(tx, truemoneyAccounts))) {
      await tx.insert(truemoneyAccounts).values(
        seed.deposit.wallets.map((w, i) => ({
          mode: w.mode,
          phone: w.walletAccountName,
          sortOrder: i,
        })),
      );
    }

    const { site, features, withdraw, slip } = seed;
    await insertSettingIfMissing(tx, 'info', site.info);
    await insertSettingIfMissing(tx, 'contact', { ...site.contact, lineQR });
    await insertSettingIfMissing(tx, 'conditions', site.conditions);
    await insertSettingIfMissing(tx, 'agreements', site.agreements);
    await insertSettingIfMissing(tx, 'notice', site.notice);
    await insertSettingIfMissing(tx, 'howto', site.howto);
    await insertSettingIfMissing(tx, 'slip', slip);
    await insertSettingIfMissing(
      tx,
      'withdrawLimits',
      perCurrency(withdraw, (w) => ({
        minMinor: toMinor(w.withdrawMin),
        maxMinor: toMinor(w.withdrawMax),
        approvalAboveMinor: toMinor(w.approvalAbove),
      })),
    );
    await insertSettingIfMissing(
      tx,
      'amountLimits',
      perCurrency(seed.amountLimits, (a) => ({
        transferMinMinor: toMinor(a.transferMin),
        giftLinkMinMinor: toMinor(a.giftLinkMin),
        qrMinMinor: {
          KBANK: toMinor(a.qrMin.KBANK),
          WW: toMinor(a.qrMin.WW),
          PAYONEX: toMinor(a.qrMin.PAYONEX),
          PAYTIMZ: toMinor(a.qrMin.PAYTIMZ),
        },
        depositMaxMinor: toMinor(a.depositMax),
      })),
    );
    await insertSettingIfMissing(tx, 'ipAllowList', []);
    await insertSettingIfMissing(tx, 'staffIpAllowList', []);
    await insertSettingIfMissing(tx, 'registerOTP', features.registerOTP);
    await insertSettingIfMissing(tx, 'enableChatWidget', features.enableChatWidget);
    await insertSettingIfMissing(tx, 'terminated', features.terminated);
    await insertSettingIfMissing(tx, 'manualDeposit', seed.deposit.isManual);
    await insertSettingIfMissing(tx, 'invite', {
      ...seed.invite,
      banners: seedBanners(seed.invite.banners, 1),
    });
    await insertSettingIfMissing(tx, 'refund', {
      ...seed.refund,
      banners: seedBanners(seed.refund.banners, 2),
    });
    if (moneyDemo && (await isEmpty(tx, bonuses))) {
      await tx.insert(bonuses).values(
        seed.bonuses.map((b, i) => ({
          ...b,
          description: cleanLocalHtml(b.description),
          banners: seedBanners(b.banners, i),
          maxBonus: toMinor(b.maxBonus),
          minDeposit: toMinor(b.minDeposit),
          sortOrder: i,
        })),
      );
    }
    if (moneyDemo && (await isEmpty(tx, spinwheels))) await seedSpinwheel(tx, seed.spinwheel);
  });
}

async function seedSpinwheel(tx: Db, wheel: Seed['spinwheel']): Promise<void> {
  const [row] = await tx
    .insert(spinwheels)
    .values({
      name: wheel.name,
      active: true,
      currency: wheel.currency,
      depositPerCoin: toMinor(wheel.depositPerCoin),
      couponDays: wheel.couponDays,
    })
    .returning({ id: spinwheels.id });
  if (!row) throw new Error('the demo wheel was not stored');
  await tx.insert(spinSlices).values(
    wheel.slices.map((slice, i) => ({
      ...slice,
      wheelId: row.id,
      htmlDescription: cleanLocalHtml(slice.htmlDescription),
      prizeAmount: toMinor(slice.prizeAmount),
      sortOrder: i,
    })),
  );
}

/** The same conversion of each currency's rules. */
function perCurrency<T, U>(
  rules: Record<Currency, T>,
  convert: (rule: T) => U,
): Record<Currency, U> {
  return { BAHT: convert(rules.BAHT), LAK: convert(rules.LAK) };
}

function seedBanners(banners: z.infer<typeof SeedBannerSchema>[], offset: number) {
  return banners.map((banner, i) => ({
    image: banner.image ?? bannerSvg(banner.title, offset + i),
    html: cleanLocalHtml(banner.html),
  }));
}
