import { CurrencySchema } from '@wallet/contract/account';
import { StoredLocalBannerSchema, StoredLocalTextSchema } from '@wallet/contract/common';
import { qrProviders } from '@wallet/contract/constants';
import {
  ContactResponseSchema,
  HowtoResponseSchema,
  InfoResponseSchema,
  SlipLookupResponseSchema,
} from '@wallet/contract/lookup';
import { z } from 'zod';
import { parseIpRule } from '../../config-values';
import { cleanLocalHtml } from '../../lib/operator-html';

/**
 * Operator texts are kept in every language (docs/decisions/0064); a text stored before texts had
 * languages reads as the same text in each. Operator HTML is cleaned on every read and write of a
 * setting (lib/operator-html.ts).
 */
const localText = StoredLocalTextSchema;
const operatorHtml = StoredLocalTextSchema.transform(cleanLocalHtml);
const banners = z
  .array(StoredLocalBannerSchema)
  .transform((list) => list.map((banner) => ({ ...banner, html: cleanLocalHtml(banner.html) })));
const ipRules = z
  .array(
    z
      .string()
      .trim()
      .refine((rule) => parseIpRule(rule) !== null, { error: 'KEY_INVALID' }),
  )
  .max(200);
const htmlDocument = z.object({ title: localText, html: operatorHtml });

/** One QR provider's callback secrets (see `qrCallbackSecrets`). */
const qrCallbackSecret = z.union([
  z
    .string()
    .min(32)
    .transform((current) => ({ current, previous: null, previousUntil: null, rotatedAt: null })),
  z.object({
    current: z.string().min(32),
    previous: z.string().min(32).nullable(),
    previousUntil: z.iso.datetime({ offset: true }).nullable(),
    rotatedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
]);

/**
 * What each settings row holds. Content the lookups serve as is keeps the contract's shape;
 * money is stored in minor units (STYLE.md habit 3) and converted at the API edge. Every read
 * is parsed, so a hand-edited row that breaks a shape fails loudly instead of reaching a client.
 */
export const settingSchemas = {
  info: InfoResponseSchema,
  contact: ContactResponseSchema.extend({ contactText: localText }),
  conditions: htmlDocument,
  agreements: htmlDocument,
  notice: z.object({ notice: localText }),
  howto: z.object({
    videos: z.array(HowtoResponseSchema.shape.videos.element.extend({ title: localText })),
  }),
  slip: SlipLookupResponseSchema,
  /**
   * Every amount rule is per currency (issue 30, docs/decisions/0050): a kip figure is about 650
   * times the baht one. The withdraw limits of each currency; a later per-currency rule of
   * withdrawals (the back office's approval threshold) goes beside min and max.
   */
  withdrawLimits: z.record(
    CurrencySchema,
    z.object({
      minMinor: z.number().int().min(0),
      maxMinor: z.number().int().min(0),
      /**
       * Withdrawals above this wait for staff (CONTRACT.md, `withdrawApprovalAbove`); absent in
       * installations from before the back office, which then use the contract's demo figures.
       */
      approvalAboveMinor: z.number().int().min(0).optional(),
    }),
  ),
  /**
   * The other amount rules of each currency: the transfer minimum, the gift-link minimum, each QR
   * provider's minimum and maximum and the largest single QR or slip deposit. `qrMaxMinor` came
   * with issue 33: a provider without one takes the largest deposit.
   */
  amountLimits: z.record(
    CurrencySchema,
    z.object({
      transferMinMinor: z.number().int().min(1),
      giftLinkMinMinor: z.number().int().min(1),
      qrMinMinor: z.record(z.enum(qrProviders), z.number().int().min(1)),
      qrMaxMinor: z.partialRecord(z.enum(qrProviders), z.number().int().min(1)).optional(),
      depositMaxMinor: z.number().int().min(1),
    }),
  ),
  /**
   * The allow-lists admins set (core/settings/address-rules.ts): IP addresses or CIDR ranges;
   * empty allows every address. The members' list guards everything, the staff list the back
   * office as well.
   */
  ipAllowList: ipRules,
  staffIpAllowList: ipRules,
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  /** Deposit lookup's `isManual`: members may upload slips for the MANUAL accounts. */
  manualDeposit: z.boolean(),
  terminated: z.boolean(),
  /** The gift-link key pair (the API contract): PEM texts, generated once on first start. */
  truelinkKey: z.object({ publicKey: z.string(), privateKey: z.string() }),
  /** The HMAC key of the signed slip-image links (docs/decisions/0043), made on first use. */
  slipLinkKey: z.string().min(32),
  /** The HMAC key of the signed chat-file links (docs/decisions/0044), made on first use. */
  chatFileLinkKey: z.string().min(32),
  /**
   * The invite programme (docs/promotions.md): an inviter earns the rebate of the invited
   * friends' rounds at these rates; `banners` come before the invite modal.
   */
  invite: z.object({
    isActive: z.boolean(),
    successPercent: z.number().min(0).max(100),
    failPercent: z.number().min(0).max(100),
    banners,
  }),
  /**
   * Loss refunds (docs/promotions.md): the rebate of the member's own rounds played before the
   * running period (day or week, Asia/Bangkok); `info` is operator HTML shown in the refund modal.
   */
  refund: z.object({
    isActive: z.boolean(),
    successPercent: z.number().min(0).max(100),
    failPercent: z.number().min(0).max(100),
    period: z.enum(['day', 'week']),
    info: operatorHtml,
    banners,
  }),
  /**
   * The HMAC secret each QR payment provider signs its paid callbacks with (docs/decisions/0042),
   * and since issue 33 the one before it, still taken until `previousUntil` after a rotation
   * (docs/security.md). Generated on first start for the sandbox providers; an admin rotates one
   * in the back office. A bare string is a secret from before rotations: the current one.
   */
  qrCallbackSecrets: z.record(z.enum(qrProviders), qrCallbackSecret),
};

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;
