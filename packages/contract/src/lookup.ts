import { z } from 'zod';
import { currencies, qrProviders } from './constants';

/**
 * Lookups (the spec's calls). The spec gives fields for some; the others are decided in
 * docs/decisions/0003-lookup-shapes.md. Every lookup answers an object so it can grow.
 */
export const BankListItemSchema = z.object({
  code: z.string(),
  nameTH: z.string(),
  nameEN: z.string(),
});
export type BankListItem = z.infer<typeof BankListItemSchema>;
/**
 * `GET /api/lookup/banks`: each bank with the currency its accounts hold (its country's, issue
 * 30), so the Laos register wizard offers the banks of the chosen wallet currency.
 */
export const BankItemSchema = BankListItemSchema.extend({ currency: z.enum(currencies) });
export type BankItem = z.infer<typeof BankItemSchema>;
export const BanksResponseSchema = z.object({ banks: z.array(BankItemSchema) });
export type BanksResponse = z.infer<typeof BanksResponseSchema>;

export const SourceListItemSchema = z.object({ code: z.string(), description: z.string() });
export type SourceListItem = z.infer<typeof SourceListItemSchema>;
export const SourcesResponseSchema = z.object({ sources: z.array(SourceListItemSchema) });
export type SourcesResponse = z.infer<typeof SourcesResponseSchema>;

export const InfoResponseSchema = z.object({ name: z.string(), website: z.string() });
export type InfoResponse = z.infer<typeof InfoResponseSchema>;

/** Contact (the spec's entities). `lineQR` is an image URL (a data: URL when generated). */
export const ContactResponseSchema = z.object({
  contactText: z.string(),
  lineLink: z.string(),
  lineName: z.string(),
  lineQR: z.string(),
});
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** Conditions and agreements: operator-written HTML, cleaned by the server where it is stored (apps/server/src/lib/operator-html.ts). */
export const HtmlDocumentResponseSchema = z.object({ title: z.string(), html: z.string() });
export type HtmlDocumentResponse = z.infer<typeof HtmlDocumentResponseSchema>;

/** Notice text in which the client replaces %percentFail% (the spec's calls). */
export const NoticeResponseSchema = z.object({ notice: z.string() });
export type NoticeResponse = z.infer<typeof NoticeResponseSchema>;

/**
 * `GET /api/lookup/withdraw`: the spec's withdrawMin and withdrawMax, grown compatibly (issue 30,
 * docs/decisions/0050) into every amount rule of one currency — the member's wallet currency,
 * or the variant's default currency for a caller without a token. Amounts in that currency:
 * `transferMin` (transfers), `giftLinkMin` (TrueMoney links), `qrMin` and `qrMax` per QR
 * provider (issue 33: the maximum never above `depositMax`) and `depositMax`, the largest QR or
 * slip deposit.
 */
export const WithdrawLimitsResponseSchema = z.object({
  withdrawMin: z.number(),
  withdrawMax: z.number(),
  currency: z.enum(currencies),
  transferMin: z.number(),
  giftLinkMin: z.number(),
  qrMin: z.record(z.enum(qrProviders), z.number()),
  qrMax: z.record(z.enum(qrProviders), z.number()),
  depositMax: z.number(),
});
export type WithdrawLimitsResponse = z.infer<typeof WithdrawLimitsResponseSchema>;

/** Slip upload settings: whether manual slips are taken, and the upload window. */
export const SlipLookupResponseSchema = z.object({
  isActive: z.boolean(),
  uploadWindowMinutes: z.number().int(),
  maxSizeMb: z.number(),
});
export type SlipLookupResponse = z.infer<typeof SlipLookupResponseSchema>;

export const ActiveResponseSchema = z.object({ terminated: z.boolean() });
export type ActiveResponse = z.infer<typeof ActiveResponseSchema>;

export const FeatureFlagResponseSchema = z.object({ isActive: z.boolean() });
export type FeatureFlagResponse = z.infer<typeof FeatureFlagResponseSchema>;

/** The API contract, gift-link encryption. */
export const TruelinkKeyResponseSchema = z.object({
  alg: z.literal('RSA-OAEP-256'),
  publicKey: z.string(),
});
export type TruelinkKeyResponse = z.infer<typeof TruelinkKeyResponseSchema>;

/** How-to videos (the spec's screens): operator content, one URL per video key. */
export const HowtoResponseSchema = z.object({
  videos: z.array(
    z.object({
      key: z.enum(['wallet', 'play', 'balance', 'bonus', 'bonusCancel']),
      title: z.string(),
      url: z.string(),
    }),
  ),
});
export type HowtoResponse = z.infer<typeof HowtoResponseSchema>;
