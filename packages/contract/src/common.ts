import { z } from 'zod';
import { type Locale, paging } from './constants';

/** Body of the paged list calls (statement, slips, invite, refund): `{ page, limit }`, page from 1. */
export const PageRequestSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(paging.maxLimit),
});
export type PageRequest = z.infer<typeof PageRequestSchema>;

/**
 * The id of a row the caller names (a member, a staff member, an operator's account, an
 * adjustment): a whole number from 1 to 2,147,483,647, the largest a PostgreSQL `integer`
 * holds. A larger one names no row, and the database refuses to compare an `integer` column
 * with it: that was a 500 before (the contract fuzz test found it).
 */
export const RowIdSchema = z
  .number({ error: 'KEY_INVALID' })
  .int({ error: 'KEY_INVALID' })
  .min(1, { error: 'KEY_INVALID' })
  .max(2_147_483_647, { error: 'KEY_INVALID' });

/** A row id in a path or a query string, where it arrives as text (the same bounds). */
export const RowIdTextSchema = z.coerce
  .number({ error: 'KEY_INVALID' })
  .int({ error: 'KEY_INVALID' })
  .min(1, { error: 'KEY_INVALID' })
  .max(2_147_483_647, { error: 'KEY_INVALID' });

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

/**
 * The text in `locale`; an empty translation falls back to Thai, then English. A text stored
 * before texts had languages (a plain string, in a row edited by hand) is the same in each.
 */
export function textIn(text: LocalText | string, locale: Locale): string {
  if (typeof text === 'string') return text;
  return text[locale] || text.th || text.en || text.la;
}

/**
 * An https address (of a picture, a page, a video). The pattern alone let through addresses no
 * URL parser takes (`https://host:80000`), which the server then failed to read, a 500 (the
 * contract fuzz test): the address must parse as well.
 */
export const HttpsAddressSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .max(2000, { error: 'KEY_INVALID' })
  .regex(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/\S*)?$/i, { error: 'KEY_INVALID' })
  .refine(parsesAsUrl, { error: 'KEY_INVALID' });

// Every runtime the contract runs in (browsers, Node) has the WHATWG URL; the ES2023 library
// this package is checked against does not declare it.
declare const URL: new (input: string) => object;

function parsesAsUrl(address: string): boolean {
  try {
    new URL(address);
    return true;
  } catch {
    return false;
  }
}

/** A picture the back office uploads: PNG, JPEG, WebP or SVG, 256 KB at most, as a data URL. */
export const PICTURE_MAX_BYTES = 256 * 1024;
const PICTURE_DATA_URL = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * An uploaded picture (a data URL, shown by members' browsers as an image only, where an SVG
 * runs no script) or the https address of one. The server also checks that the bytes are the
 * picture the type says.
 */
export const PictureSchema = z
  .string({ error: 'KEY_INVALID' })
  .max(Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 200, { error: 'PICTURE_TOO_LARGE' })
  .superRefine((value, ctx) => {
    if (!value.startsWith('data:')) {
      if (!HttpsAddressSchema.safeParse(value).success) {
        ctx.addIssue({ code: 'custom', message: 'KEY_INVALID' });
      }
      return;
    }
    if (!PICTURE_DATA_URL.test(value)) ctx.addIssue({ code: 'custom', message: 'KEY_INVALID' });
    else if (base64Bytes(value.slice(value.indexOf(',') + 1)) > PICTURE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'PICTURE_TOO_LARGE' });
    }
  });

/** How many bytes a base64 text holds (its `=` padding holds none). */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length * 3) / 4 - padding;
}

/** A banner as the back office edits it: one picture, its text in each language. */
export const LocalBannerSchema = z.object({ image: PictureSchema, html: LocalTextSchema });
export type LocalBanner = z.infer<typeof LocalBannerSchema>;
/** A banner as stored: its text may be from before texts had languages. */
export const StoredLocalBannerSchema = z.object({ image: z.string(), html: StoredLocalTextSchema });
