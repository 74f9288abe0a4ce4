import { z } from 'zod';
import { HttpsAddressSchema, LocalTextSchema, PictureSchema } from './common';
import { ReasonSchema } from './staff';

/**
 * What members read that the operator writes (docs/backoffice.md, "Content"): the site's name,
 * the contact, the conditions and agreements, the bonus notice and the how-to videos. Texts are
 * in th, la and en (docs/decisions/0064); HTML is cleaned by the server on save and on read.
 */

const invalid = { error: 'KEY_INVALID' } as const;
const line = (max: number) =>
  z.string(invalid).trim().min(1, { error: 'KEY_MISSING' }).max(max, invalid);
const https = HttpsAddressSchema;

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
