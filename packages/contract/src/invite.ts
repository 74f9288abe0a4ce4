import { z } from 'zod';
import { inviteCodeOf } from './account';
import { PageRequestSchema, TimestampSchema } from './common';
import { MoneyOutSchema } from './money';

/**
 * Invites (the spec's screens, entities and calls). The banners come from `GET /api/invite/banners`,
 * answered with `BannersResponseSchema` of common.ts.
 */

/** `POST /api/invite` `{ page, limit }`, newest first. */
export const InviteListRequestSchema = PageRequestSchema;
export type InviteListRequest = z.infer<typeof InviteListRequestSchema>;

/** Invite row (the spec's entities): who was invited and the invite bonus earned from them. */
export const InviteRowSchema = z.object({
  from: z.object({ name: z.string() }),
  amount: MoneyOutSchema,
  createdAt: TimestampSchema,
});
export type InviteRow = z.infer<typeof InviteRowSchema>;

export const InviteListResponseSchema = z.object({
  total: z.number().int().min(0),
  invites: z.array(InviteRowSchema),
});
export type InviteListResponse = z.infer<typeof InviteListResponseSchema>;

/**
 * `GET /api/invite/bonus` collects the invite bonus into the cash wallet. The spec shows only
 * success or an error; the answer names the code the toast translates and the amount.
 */
export const InviteBonusResponseSchema = z.object({
  message: z.literal('INVITE_BONUS_SUCCESS'),
  amount: MoneyOutSchema,
});
export type InviteBonusResponse = z.infer<typeof InviteBonusResponseSchema>;

/** The spec's screens: `{host}/register?code=PR{user id}`, `host` being the site origin. */
export function inviteLink(host: string, memberId: number): string {
  return `${host.replace(/\/+$/, '')}/register?code=${inviteCodeOf(memberId)}`;
}
