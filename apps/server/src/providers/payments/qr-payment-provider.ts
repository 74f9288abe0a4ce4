import { createHmac, timingSafeEqual } from 'node:crypto';
import type { QrProvider } from '@wallet/contract/constants';
import { fromMinor, toMinor } from '@wallet/contract/money';
import { billPayment } from 'promptparse/generate';
import { z } from 'zod';
import type { CallDeadline } from '../games/game-provider';
import type { SandboxFaults } from '../sandbox-faults';

/** What the wallet asks a payment provider for: a QR that pays `amount` into the merchant. */
export type QrOrder = {
  /** Our id of the QR; the provider echoes it in its paid callback. */
  reference: string;
  /** Minor units. */
  amount: number;
  /** The operator's merchant (biller) id at this provider: the deposit account's number. */
  merchantId: string;
  expiresAt: Date;
};

/** The provider's answer: the payload the QR image encodes and its own id of the order. */
export type IssuedQr = { payload: string; providerRef: string };

/** A paid callback whose signature verified: which QR, which payment, how much (minor units). */
export type PaidReport = { reference: string; paymentId: string; amount: number };

/**
 * A payment provider that sells QR payments (the spec: KBANK, WW, PAYTIMZ, PAYONEX;
 * docs/decisions/0042). A real adapter calls the provider's API in `create` and `cancel` (with
 * the deadline's signal) and knows its callback's signature scheme; `create` throws
 * ProviderRefusal when the provider says no (the member sees its message), anything else when
 * the outcome is unknown.
 */
export interface QrPaymentProvider {
  readonly code: QrProvider;
  create(order: QrOrder, deadline: CallDeadline): Promise<IssuedQr>;
  cancel(providerRef: string, deadline: CallDeadline): Promise<void>;
  /**
   * Reads a paid callback from its raw bytes: null unless its signature verifies with one of
   * `secrets` (the provider's current secret, and the one before it during a rotation's grace
   * period: docs/security.md), so nothing unsigned is parsed any further.
   */
  readCallback(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
    secrets: readonly string[],
  ): PaidReport | null;
}

/** The header a callback's signature travels in: `sha256=<hex HMAC of the raw body>`. */
export const SIGNATURE_HEADER = 'x-signature';

/** The body of a paid callback, in the sandbox providers' format (amount in baht, a string). */
export const CallbackBodySchema = z.object({
  reference: z.string().min(1).max(100),
  paymentId: z.string().min(1).max(100),
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  paidAt: z.iso.datetime({ offset: true }),
});
export type CallbackBody = z.infer<typeof CallbackBodySchema>;

export function signCallback(secret: string, raw: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/**
 * A PromptPay biller id is 15 digits (a 13-digit tax id and a 2-digit suffix). The sandbox makes
 * one from the merchant's account number; a real provider issues its own.
 */
export function billerIdOf(merchantId: string): string {
  const digits = merchantId.replace(/\D/g, '');
  return /^\d{15}$/.test(digits) ? digits : `${digits.padEnd(13, '0').slice(0, 13)}01`;
}

/** Constant-time check of a callback's signature (the lengths are not secret). */
export function verifySignature(secret: string, raw: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(signCallback(secret, raw));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The sandbox's payment providers (the API contract): each issues a Thai QR payment (PromptPay bill
 * payment, EMVCo tag 30) for the exact amount, payable to the operator's biller id with the QR's
 * reference as ref 1 — for KBANK this is the payload a banking app pays — and signs its paid
 * callbacks with the HMAC secret the operator gave it. Faults (POST /api/sandbox/faults) apply
 * to `create` under the provider's code.
 */
export class SandboxQrProvider implements QrPaymentProvider {
  constructor(
    readonly code: QrProvider,
    private readonly faults: SandboxFaults,
  ) {}

  create(order: QrOrder, deadline: CallDeadline): Promise<IssuedQr> {
    return this.faults.apply(this.code, deadline, async () => ({
      payload: billPayment({
        billerId: billerIdOf(order.merchantId),
        amount: fromMinor(order.amount),
        // Ref 1 takes at most 20 characters: the reference without its dashes, shortened.
        ref1: order.reference.replaceAll('-', '').slice(0, 20).toUpperCase(),
        ref2: this.code,
      }),
      providerRef: `${this.code}-${order.reference}`,
    }));
  }

  async cancel(): Promise<void> {}

  readCallback(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
    secrets: readonly string[],
  ): PaidReport | null {
    const signature = headers[SIGNATURE_HEADER];
    if (!secrets.some((secret) => verifySignature(secret, raw, signature))) return null;
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return null;
    }
    const body = CallbackBodySchema.safeParse(json);
    if (!body.success) return null;
    return {
      reference: body.data.reference,
      paymentId: body.data.paymentId,
      amount: toMinor(Number(body.data.amount)),
    };
  }

  /**
   * The callback this provider sends when the QR `reference` is paid `amount` minor units,
   * signed with `secret` (the one the operator gave it).
   */
  paidCallback(reference: string, amount: number, paymentId: string, secret: string) {
    const body: CallbackBody = {
      reference,
      paymentId,
      amount: fromMinor(amount).toFixed(2),
      paidAt: new Date().toISOString(),
    };
    const raw = JSON.stringify(body);
    return { raw, signature: signCallback(secret, raw) };
  }
}
