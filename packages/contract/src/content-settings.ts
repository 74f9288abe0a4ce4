import { z } from 'zod';
import { LocalTextSchema } from './common';
import { ReasonSchema } from './staff';

/**
 * What members read that the operator writes (docs/backoffice.md, "Content"): the site's name,
 * the contact, the conditions and agreements, the bonus notice and the how-to videos. Texts are
 * in th, la and en (docs/decisions/0064); HTML is cleaned by the server on save and on read.
 */

const invalid = { error: 'KEY_INVALID' } as const;
const line = (max: number) =>
  z.string(invalid).trim().min(1, { error: 'KEY_MISSING' }).max(max, invalid);
const https = z
  .string(invalid)
  .trim()
  .max(2000, invalid)
  .regex(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/\S*)?$/i, invalid);

/** A picture the back office uploads: PNG, JPEG or WebP, 256 KB at most, as a data URL. */
export const PICTURE_MAX_BYTES = 256 * 1024;
const DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** An uploaded picture (a data URL) or the https address of one. */
export const PictureSchema = z
  .string(invalid)
  .max(Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 200, { error: 'PICTURE_TOO_LARGE' })
  .superRefine((value, ctx) => {
    if (!value.startsWith('data:')) {
      if (!https.safeParse(value).success) ctx.addIssue({ code: 'custom', message: 'KEY_INVALID' });
      return;
    }
    if (!DATA_URL.test(value)) ctx.addIssue({ code: 'custom', message: 'KEY_INVALID' });
    else if (Math.floor(((value.length - value.indexOf(',') - 1) * 3) / 4) > PICTURE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'PICTURE_TOO_LARGE' });
    }
  });

export const SiteInfoSettingSchema = z.object({ name: line(60), website: https });

export const ContactSettingSchema = z.object({
  contactText: LocalTextSchema,
  lineName: line(60),
  lineLink: https,
  /** The LINE QR: an uploaded picture, or an https address of one. */
  lineQR: PictureSchema,
});

export const DocumentSettingSchema = z.object({ title: LocalTextSchema, html: LocalTextSchema });

/** The bonus notice; `%percentFail%` is replaced by the running bonus's threshold. */
export const NoticeSettingSchema = z.object({ notice: LocalTextSchema });

export const HowtoSettingSchema = z.object({
  videos: z
    .array(
      z.object({
        key: z.enum(['wallet', 'play', 'balance', 'bonus', 'bonusCancel'], invalid),
        title: LocalTextSchema,
        /** Served from an origin the server's CSP allows (HOWTO_VIDEO_ORIGINS). */
        url: https,
      }),
    )
    .max(5, invalid)
    .refine((videos) => new Set(videos.map((video) => video.key)).size === videos.length, invalid),
});

export const contentKeys = [
  'info',
  'contact',
  'conditions',
  'agreements',
  'notice',
  'howto',
] as const;
export type ContentKey = (typeof contentKeys)[number];

export const ContentSettingsSchema = z.object({
  info: SiteInfoSettingSchema,
  contact: ContactSettingSchema,
  conditions: DocumentSettingSchema,
  agreements: DocumentSettingSchema,
  notice: NoticeSettingSchema,
  howto: HowtoSettingSchema,
});
export type ContentSettings = z.infer<typeof ContentSettingsSchema>;

/** `PUT /api/backoffice/settings/content/{key}`: one part of the content, and why. */
export const contentChangeSchemas = {
  info: z.object({ value: SiteInfoSettingSchema, reason: ReasonSchema.shape.reason }),
  contact: z.object({ value: ContactSettingSchema, reason: ReasonSchema.shape.reason }),
  conditions: z.object({ value: DocumentSettingSchema, reason: ReasonSchema.shape.reason }),
  agreements: z.object({ value: DocumentSettingSchema, reason: ReasonSchema.shape.reason }),
  notice: z.object({ value: NoticeSettingSchema, reason: ReasonSchema.shape.reason }),
  howto: z.object({ value: HowtoSettingSchema, reason: ReasonSchema.shape.reason }),
} as const;
