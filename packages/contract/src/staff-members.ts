import { z } from 'zod';
import { BankAccountNameSchema } from './account';
import { TimestampSchema } from './common';
import { AuditEntrySchema, ReasonSchema, StaffIdParamsSchema, staffPageQuery } from './staff';
import { SlipSchema } from './statement';

/**
 * Members as staff find, read and change them (CONTRACT.md, "Back office (staff) API";
 * docs/backoffice.md, "Members"). The staff accounts, roles and audit are in staff.ts.
 */

// Members, as staff find them (CONTRACT.md: `GET /api/backoffice/members?q=`).

export const MemberSearchQuerySchema = z
  .object({
    q: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(100, {
      error: 'KEY_INVALID',
    }),
  })
  .extend(staffPageQuery(['createdAt', 'name'], { sort: 'createdAt', order: 'desc' }).shape);

export const MemberSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  active: z.boolean(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  currency: z.string(),
  createdAt: TimestampSchema,
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;
export const MemberSearchResponseSchema = z.object({
  members: z.array(MemberSummarySchema),
  /** How many members the search finds, over every page. */
  total: z.number().int(),
});

export const MemberIdParamsSchema = StaffIdParamsSchema;

/** How a sign-in with a member's phone ended (kept for the back office, 90 days). */
export const memberSignInOutcomes = [
  'registered',
  'signed-in',
  'wrong-password',
  'inactive',
] as const;
export type MemberSignInOutcome = (typeof memberSignInOutcomes)[number];

/**
 * What a human should look at (docs/backoffice.md, "Flags"): other members on the same device or
 * address, a bonus taken and then a withdrawal right after, many failed sign-ins.
 */
export const MemberFlagSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['same-device', 'same-address']),
    /** The other members, by id and phone. */
    members: z.array(z.object({ id: z.number().int(), username: z.string() })),
  }),
  z.object({
    kind: z.literal('bonus-then-withdrawal'),
    bonusAt: TimestampSchema,
    withdrawalAt: TimestampSchema,
    amount: z.number(),
  }),
  z.object({ kind: z.literal('failed-sign-ins'), count: z.number().int(), since: TimestampSchema }),
]);
export type MemberFlag = z.infer<typeof MemberFlagSchema>;

/** A tag staff put on a member (`vip`, `watch`…): lower case letters, digits and dashes. */
export const MemberTagSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, { error: 'KEY_INVALID' });

/** `PUT /api/backoffice/members/{id}/tags`: the member's whole set of tags. */
export const MemberTagsSchema = z.object({
  tags: z.array(MemberTagSchema).max(10, { error: 'KEY_INVALID' }),
});

/** `POST /api/backoffice/members/{id}/notes`: a note for other staff, kept with who wrote it. */
export const MemberNoteSchema = z.object({
  body: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(1000, { error: 'KEY_INVALID' }),
});

/** `GET /api/backoffice/members/{id}`: what staff see about one member. */
export const MemberDetailSchema = z.object({
  member: MemberSummarySchema.extend({
    bankAccountName: z.string(),
    sourceCode: z.string().nullable(),
    inviterId: z.number().int().nullable(),
    coin: z.number().int(),
    tags: z.array(z.string()),
  }),
  /** Every ledger account of the member, in its currency: cash, bonus, each game, holds. */
  balances: z.array(z.object({ kind: z.string(), providerCode: z.string(), balance: z.number() })),
  /** The latest movements of every kind, newest first. */
  ledger: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      status: z.string(),
      from: z.string(),
      to: z.string(),
      amount: z.number(),
      createdAt: TimestampSchema,
    }),
  ),
  /** The latest sessions, with the address and browser each was opened from. */
  sessions: z.array(
    z.object({
      createdAt: TimestampSchema,
      expiresAt: TimestampSchema,
      active: z.boolean(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** The latest sign-ins with the member's phone, failed ones too, newest first. */
  signIns: z.array(
    z.object({
      at: TimestampSchema,
      outcome: z.enum(memberSignInOutcomes),
      ip: z.string(),
      userAgent: z.string(),
    }),
  ),
  flags: z.array(MemberFlagSchema),
  notes: z.array(
    z.object({ id: z.number().int(), at: TimestampSchema, staff: z.string(), body: z.string() }),
  ),
  /** Who changed the member's status, when and why (the audit log's entries for the member). */
  history: z.array(AuditEntrySchema),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

/**
 * `GET /api/backoffice/members/{id}/activity`: where a member's money came from, record by
 * record (each deposit channel's own records, with what its outside system said), and what they
 * took: bonuses with their turnover, refunds, invite rewards and the friends invited, spins and
 * their coupons. The latest 20 of each, newest first; amounts in the member's currency.
 */
export const MemberActivitySchema = z.object({
  currency: z.string(),
  bankTransfers: z.array(
    z.object({
      reference: z.string(),
      bankCode: z.string(),
      accountNo: z.string(),
      amount: z.number(),
      receivedAt: TimestampSchema,
      /** The ledger transaction it was credited by; null when it was not (yet). */
      transactionId: z.number().int().nullable(),
      refundedAt: TimestampSchema.nullable(),
      refundNote: z.string().nullable(),
    }),
  ),
  qrCodes: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      amount: z.number(),
      state: z.string(),
      createdAt: TimestampSchema,
      expiresAt: TimestampSchema,
      settledAt: TimestampSchema.nullable(),
      /** What the provider called back with, oldest first. */
      callbacks: z.array(
        z.object({
          outcome: z.string(),
          paymentId: z.string().nullable(),
          amount: z.number().nullable(),
          receivedAt: TimestampSchema,
        }),
      ),
    }),
  ),
  /** TrueMoney gift links, their code cut to its ends: a whole one is money to anyone. */
  giftLinks: z.array(
    z.object({
      code: z.string(),
      amount: z.number(),
      state: z.string(),
      createdAt: TimestampSchema,
    }),
  ),
  slips: z.array(SlipSchema),
  bonuses: z.array(
    z.object({
      code: z.string(),
      state: z.string(),
      deposit: z.number(),
      bonus: z.number(),
      turnoverTarget: z.number(),
      createdAt: TimestampSchema,
      endedAt: TimestampSchema.nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      amount: z.number(),
      createdAt: TimestampSchema,
      paidAt: TimestampSchema.nullable(),
    }),
  ),
  inviteRewards: z.array(z.object({ amount: z.number(), createdAt: TimestampSchema })),
  invited: z.array(
    z.object({ id: z.number().int(), username: z.string(), createdAt: TimestampSchema }),
  ),
  spins: z.array(
    z.object({
      slice: z.string(),
      createdAt: TimestampSchema,
      coupon: z
        .object({
          kind: z.string(),
          amount: z.number(),
          state: z.string(),
          expiresAt: TimestampSchema,
        })
        .nullable(),
    }),
  ),
});
export type MemberActivity = z.infer<typeof MemberActivitySchema>;

/** `POST /api/backoffice/members/{id}/bank-account-name`: the name as the bank writes it. */
export const StaffBankAccountNameSchema = z.object({
  bankAccountName: BankAccountNameSchema,
  reason: ReasonSchema.shape.reason,
});
