import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGiftLinks } from '../../db/schema';

/** A gift link's voucher as TrueMoney's verify call describes it. Amounts in minor units. */
export type Voucher = {
  amount: number;
  senderPhone: string;
  /** Already redeemed, and by which TrueMoney wallet (a phone number). */
  redeemedBy: string | null;
};

/**
 * TrueMoney's gift links (vouchers). A real adapter calls TrueMoney's verify and redeem
 * endpoints; `redeem` into the wallet that already holds the voucher answers `redeemed`, so a
 * redemption cut by a crash can be completed by asking again.
 */
export interface GiftLinkProvider {
  /** The voucher behind a code, or null when TrueMoney does not know it. */
  inspect(code: string): Promise<Voucher | null>;
  /** Moves the voucher's money into the operator's wallet `receiverPhone`. */
  redeem(code: string, receiverPhone: string): Promise<'redeemed' | 'refused'>;
}

/** The address form of a gift link; the code is its `v` parameter. */
const LINK = /^https:\/\/gift\.truemoney\.com\/campaign\/?\?v=([0-9A-Za-z]{10,64})$/;

/** The voucher code of a gift link, or null when the text is not one. */
export function giftLinkCode(link: string): string | null {
  return LINK.exec(link.trim())?.[1] ?? null;
}

/** Without a TrueMoney contract no link is known: every link is refused, nothing is redeemed. */
export class UnconfiguredGiftLinks implements GiftLinkProvider {
  async inspect(): Promise<null> {
    return null;
  }
  async redeem(): Promise<'refused'> {
    return 'refused';
  }
}

/** The sandbox's TrueMoney (the API contract, `POST /api/sandbox/truelink`), in the database. */
export class SandboxGiftLinks implements GiftLinkProvider {
  constructor(private readonly db: Db) {}

  /** A fresh, unredeemed gift link of `amount` minor units sent from `senderPhone`. */
  async create(amount: number, senderPhone: string): Promise<string> {
    const code = randomBytes(16).toString('hex');
    await this.db.insert(sandboxGiftLinks).values({ code, amount, senderPhone });
    return `https://gift.truemoney.com/campaign/?v=${code}`;
  }

  async inspect(code: string): Promise<Voucher | null> {
    const [row] = await this.db
      .select()
      .from(sandboxGiftLinks)
      .where(eq(sandboxGiftLinks.code, code));
    return row
      ? { amount: row.amount, senderPhone: row.senderPhone, redeemedBy: row.redeemedBy }
      : null;
  }

  async redeem(code: string, receiverPhone: string): Promise<'redeemed' | 'refused'> {
    const changed = await this.db
      .update(sandboxGiftLinks)
      .set({ redeemedBy: receiverPhone })
      .where(
        and(
          eq(sandboxGiftLinks.code, code),
          or(isNull(sandboxGiftLinks.redeemedBy), eq(sandboxGiftLinks.redeemedBy, receiverPhone)),
        ),
      )
      .returning({ code: sandboxGiftLinks.code });
    return changed.length > 0 ? 'redeemed' : 'refused';
  }
}
