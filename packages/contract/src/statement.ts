import { z } from 'zod';
import { PageRequestSchema, TimestampSchema } from './common';
import { type SlipNoteCode, slipNoteReasons } from './errors';
import { MoneyOutSchema } from './money';

/** Statement and slip status (the spec's entities, states and calls). */

export const transactionStatuses = ['processing', 'success', 'failed'] as const;
export const TransactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

/**
 * The spec's states: "SUCCESS, FAILED, otherwise in progress". Any other word, in any case,
 * is shown as in progress, so a status added later never breaks the list.
 */
export function statusDisplay(status: string): TransactionStatus {
  const upper = status.toUpperCase();
  if (upper === 'SUCCESS') return 'success';
  if (upper === 'FAILED') return 'failed';
  return 'processing';
}

export const statementTypes = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export const StatementTypeSchema = z.enum(statementTypes);
export type StatementType = z.infer<typeof StatementTypeSchema>;

const DescriptionSchema = z.object({ description: z.string() });

/**
 * The notes a statement entry may carry, shown under it: where a reward came from, why staff
 * adjusted the balance (`adjustment`), why a withdrawal was refused (`reason`).
 */
export const statementNoteKeys = [
  'bonus',
  'promotion',
  'invite',
  'refund',
  'luckydraw',
  'adjustment',
  'reason',
] as const;

/**
 * Statement entry (the spec's entities). `from` and `to` are account words (WALLET, a game
 * code, a bank or provider code). The optional descriptions say where the money came from.
 * `_id` is extra: the spec is silent and the list needs a stable key; it is opaque.
 */
export const StatementEntrySchema = z.object({
  _id: z.string(),
  statementType: StatementTypeSchema,
  from: z.string(),
  to: z.string(),
  status: TransactionStatusSchema,
  amount: MoneyOutSchema,
  createdAt: TimestampSchema,
  bonus: DescriptionSchema.optional(),
  promotion: DescriptionSchema.optional(),
  invite: DescriptionSchema.optional(),
  refund: DescriptionSchema.optional(),
  luckydraw: DescriptionSchema.optional(),
  adjustment: DescriptionSchema.optional(),
  reason: DescriptionSchema.optional(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

/** `POST /api/statement`, newest first. */
export const StatementRequestSchema = PageRequestSchema;
export type StatementRequest = z.infer<typeof StatementRequestSchema>;

export const StatementResponseSchema = z.object({
  total: z.number().int().min(0),
  statements: z.array(StatementEntrySchema),
});
export type StatementResponse = z.infer<typeof StatementResponseSchema>;

// Slips (the spec's screens, entities and calls).

const slipNoteCodes = Object.keys(slipNoteReasons) as [SlipNoteCode, ...SlipNoteCode[]];
export const SlipNoteCodeSchema = z.enum(slipNoteCodes);

/**
 * An uploaded deposit slip. `note` is the verifier's reason code on a failed slip
 * (translated through `slipNoteReasons`), null otherwise; `reference` is the slip's bank
 * reference, empty until read; `link` is the URL of the slip image, answered for the
 * member's own slips only. `_id` is extra, as for statement entries.
 */
export const SlipSchema = z.object({
  _id: z.string(),
  createdAt: TimestampSchema,
  amount: MoneyOutSchema,
  status: TransactionStatusSchema,
  note: SlipNoteCodeSchema.nullable(),
  link: z.string(),
  reference: z.string(),
});
export type Slip = z.infer<typeof SlipSchema>;

/** `POST /api/statement/slip`, newest first. */
export const SlipListRequestSchema = PageRequestSchema;
export type SlipListRequest = z.infer<typeof SlipListRequestSchema>;

export const SlipListResponseSchema = z.object({
  total: z.number().int().min(0),
  slips: z.array(SlipSchema),
});
export type SlipListResponse = z.infer<typeof SlipListResponseSchema>;

/** `GET /api/statement/slip/reference/{reference}`: another member's reference is NO_DATA. */
export const SlipReferenceParamsSchema = z.object({
  reference: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(100, { error: 'KEY_INVALID' }),
});
export type SlipReferenceParams = z.infer<typeof SlipReferenceParamsSchema>;

export const SlipReferenceResponseSchema = z.object({ url: z.string() });
export type SlipReferenceResponse = z.infer<typeof SlipReferenceResponseSchema>;
