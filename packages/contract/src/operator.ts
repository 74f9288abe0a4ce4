import { z } from 'zod';
import { CurrencySchema } from './account';
import { qrProviders } from './constants';
import { MoneySchema } from './money';
import { ReasonSchema } from './staff';

/**
 * What the operator sets in the back office (docs/backoffice.md, "Settings"): the same schemas
 * check a change in the back office's forms and on the server. Each change takes effect for
 * members within a second on every process and is in the audit log with before and after.
 */

const reason = ReasonSchema.shape.reason;

/** `GET /api/backoffice/settings/switches`: the features an operator turns on and off. */
export const SwitchesSchema = z.object({
  /** Registration asks for a one-time code by SMS. */
  registerOTP: z.boolean(),
  /** The chat widget shows to members. */
  enableChatWidget: z.boolean(),
  /** Members may pay into the MANUAL accounts and upload the slip. */
  manualDeposit: z.boolean(),
  /** The service is closed: members see the closed page (410 TERMINATED). */
  terminated: z.boolean(),
});
export type Switches = z.infer<typeof SwitchesSchema>;

/** `PUT /api/backoffice/settings/switches`: the switches to change, and why. */
export const SwitchesChangeSchema = SwitchesSchema.partial().extend({ reason });
export type SwitchesChange = z.infer<typeof SwitchesChangeSchema>;

const amount = MoneySchema;
const positive = MoneySchema.refine((value) => value > 0, { error: 'KEY_INVALID' });

/**
 * Every amount rule of one currency, in that currency (baht or kip, two decimals at most):
 * the withdraw limits and the approval threshold, the transfer and gift-link minimums, each QR
 * provider's minimum and maximum (issue 33) and the largest single QR or slip deposit.
 */
export const CurrencyLimitsSchema = z
  .object({
    withdrawMin: amount,
    withdrawMax: positive,
    /** Withdrawals above this wait for staff (CONTRACT.md, `withdrawApprovalAbove`). */
    withdrawApprovalAbove: amount,
    transferMin: positive,
    giftLinkMin: positive,
    qrMin: z.record(z.enum(qrProviders), positive),
    /** The most one QR of the provider is created for: from its minimum to `depositMax`. */
    qrMax: z.record(z.enum(qrProviders), positive),
    depositMax: positive,
  })
  .superRefine((limits, context) => {
    if (limits.withdrawMin > limits.withdrawMax) {
      context.addIssue({ code: 'custom', message: 'KEY_INVALID', path: ['withdrawMin'] });
    }
    for (const provider of qrProviders) {
      const max = limits.qrMax[provider];
      if (max < limits.qrMin[provider] || max > limits.depositMax) {
        context.addIssue({ code: 'custom', message: 'KEY_INVALID', path: ['qrMax', provider] });
      }
    }
  });
export type CurrencyLimits = z.infer<typeof CurrencyLimitsSchema>;

/** `GET /api/backoffice/settings/limits`: the rules of each currency. */
export const LimitsResponseSchema = z.object({
  currencies: z.array(z.object({ currency: CurrencySchema, limits: CurrencyLimitsSchema })),
});
export type LimitsResponse = z.infer<typeof LimitsResponseSchema>;

/** `PUT /api/backoffice/settings/limits/{currency}`: one currency's rules, and why. */
export const LimitsChangeSchema = z.object({ limits: CurrencyLimitsSchema, reason });
export const CurrencyParamsSchema = z.object({ currency: CurrencySchema });
