import { z } from 'zod';

/** Promotion codes (the spec's screens, states, validation rules and calls). */

/** The spec's validation rules: required, sent upper case. The input also upper-cases as it is typed. */
export const PromotionCodeSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(40, { error: 'KEY_INVALID' })
  .toUpperCase()
  .regex(/^[A-Z0-9_-]+$/, { error: 'KEY_INVALID' });

/** The search form of the bonus page and the `{code}` of both promotion paths. */
export const PromotionCodeParamsSchema = z.object({ code: PromotionCodeSchema });
export type PromotionCodeParams = z.infer<typeof PromotionCodeParamsSchema>;

/** Promotion (the spec's entities): the percentage of the notice and an HTML description. */
export const PromotionSchema = z.object({
  percentFail: z.number(),
  description: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

/**
 * `GET /api/promotion/find/{code}` returns the promotion "or nothing when not found": `200 {}`,
 * so the not-found message is not an error toast. A code that is found is not yet received.
 */
export const PromotionFindResponseSchema = z.union([PromotionSchema, z.strictObject({})]);
export type PromotionFindResponse = z.infer<typeof PromotionFindResponseSchema>;

export function isPromotionFound(response: PromotionFindResponse): response is Promotion {
  return 'percentFail' in response;
}

/**
 * `GET /api/promotion/activate/{code}`: the promotion becomes the running bonus. Unknown is
 * NO_PROMOTION, already taken PROMOTION_RECEIVED, another bonus running BONUS_ALREADY_ACTIVE.
 */
export const PromotionActivateResponseSchema = z.object({ success: z.literal(true) });
export type PromotionActivateResponse = z.infer<typeof PromotionActivateResponseSchema>;

/** `GET /api/promotion/current` (defined, unused by the screens): the running promotion, if any. */
export const PromotionCurrentResponseSchema = z.object({
  promotion: PromotionSchema.extend({ code: z.string() }).nullable(),
});
export type PromotionCurrentResponse = z.infer<typeof PromotionCurrentResponseSchema>;
