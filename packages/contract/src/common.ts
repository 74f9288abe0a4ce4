import { z } from 'zod';
import { paging } from './constants';

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
