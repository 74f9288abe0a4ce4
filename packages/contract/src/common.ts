import { z } from 'zod';
import { type Locale, paging } from './constants';

/** Body of the paged list calls (statement, slips, invite, refund): `{ page, limit }`, page from 1. */
export const PageRequestSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(paging.maxLimit),
});
export type PageRequest = z.infer<typeof PageRequestSchema>;

/** A plain acknowledgement for calls whose result the spec does not show. */
export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;

/** A result carrying a catalogue message code (the spec: "It returns a message"). */
export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** ISO-8601 timestamps in every response. */
export const TimestampSchema = z.string();

export const BannerSchema = z.object({ image: z.string(), html: z.string() });
export type Banner = z.infer<typeof BannerSchema>;

export const BannersResponseSchema = z.object({ banners: z.array(BannerSchema) });
export type BannersResponse = z.infer<typeof BannersResponseSchema>;

/**
 * An operator's text in each of the app's languages (docs/decisions/0064). The back office edits
 * all three; a member reads the one of their language, which the app sends as `Accept-Language`.
 */
export const LocalTextSchema = z.object({
  th: z.string({ error: 'KEY_INVALID' }).max(20_000, { error: 'KEY_INVALID' }),
  la: z.string({ error: 'KEY_INVALID' }).max(20_000, { error: 'KEY_INVALID' }),
  en: z.string({ error: 'KEY_INVALID' }).max(20_000, { error: 'KEY_INVALID' }),
});
export type LocalText = z.infer<typeof LocalTextSchema>;

/** A text written before texts had languages is the same text in each. */
export const StoredLocalTextSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { th: value, la: value, en: value } : value),
  LocalTextSchema,
);

/** The text in `locale`; an empty translation falls back to Thai, then English. */
export function textIn(text: LocalText, locale: Locale): string {
  return text[locale] || text.th || text.en || text.la;
}

/** A banner as the back office edits it: one picture, its text in each language. */
export const LocalBannerSchema = z.object({ image: z.string(), html: LocalTextSchema });
export type LocalBanner = z.infer<typeof LocalBannerSchema>;
/** A banner as stored: its text may be from before texts had languages. */
export const StoredLocalBannerSchema = z.object({ image: z.string(), html: StoredLocalTextSchema });
