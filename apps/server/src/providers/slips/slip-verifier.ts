import { asc, eq } from 'drizzle-orm';
import { generate } from 'promptparse';
import type { Db } from '../../db/client';
import { members, sandboxSlipTransfers } from '../../db/schema';
import { randomRef } from '../../lib/crypto';
import type { CallDeadline } from '../games/game-provider';
import type { SandboxFaults } from '../sandbox-faults';
import { DEFAULT_SENDING_BANK, thaiBankCode } from './bank-codes';
import { sandboxSlipImage } from './sandbox-slip-image';

/** What a slip's mini-QR carries: the sending bank's three-digit code and the reference. */
export type SlipQr = { sendingBank: string; reference: string };

/** The transfer a bank confirms behind a slip. Amounts in minor units. */
export type VerifiedTransfer = {
  reference: string;
  sendingBank: string;
  fromAccountNo: string;
  toAccountNo: string;
  amount: number;
  transferredAt: Date;
};

/**
 * A slip verifier (the banks' slip-verify API, or a reseller of it): asked with what the QR
 * says, it answers the transfer as the bank booked it, so nothing printed on the picture is
 * trusted. Null when the bank knows no such transfer; a throw when it cannot answer now (the
 * verification job tries again).
 */
export interface SlipVerifier {
  verify(qr: SlipQr, deadline: CallDeadline): Promise<VerifiedTransfer | null>;
}

export class SlipVerifierUnavailable extends Error {
  override name = 'SlipVerifierUnavailable';
}

/**
 * Without a verifier contract no slip can be checked: each one is tried like any verifier
 * outage and ends as UNKNOW_ERROR (docs/decisions/0043-slips.md), and nothing is credited.
 */
export class UnconfiguredSlipVerifier implements SlipVerifier {
  async verify(): Promise<never> {
    throw new SlipVerifierUnavailable('no slip verifier is configured');
  }
}

/**
 * The sandbox's bank as a slip verifier sees it (the API contract, `POST /api/sandbox/slip`): the
 * transfers in `sandbox_slip_transfers`, by reference; the fault target SLIP makes it fail.
 */
export class SandboxSlipVerifier implements SlipVerifier {
  constructor(
    private readonly db: Db,
    private readonly faults: SandboxFaults,
  ) {}

  verify(qr: SlipQr, deadline: CallDeadline): Promise<VerifiedTransfer | null> {
    return this.faults.apply('SLIP', deadline, async () => {
      const [row] = await this.db
        .select()
        .from(sandboxSlipTransfers)
        .where(eq(sandboxSlipTransfers.reference, qr.reference));
      // A reference under another bank is not the same transfer.
      if (!row || row.sendingBank !== qr.sendingBank) return null;
      return {
        reference: row.reference,
        sendingBank: row.sendingBank,
        fromAccountNo: row.fromAccountNo,
        toAccountNo: row.toAccountNo,
        amount: row.amount,
        transferredAt: row.transferredAt,
      };
    });
  }

  /**
   * `POST /api/sandbox/slip`: books a transfer in the sandbox's bank under a fresh reference and
   * draws its slip, whose mini-QR carries the sending bank and the reference (promptparse's
   * generator). The sending bank is that of the member registered with `fromAccountNo`, if any.
   */
  async issue(transfer: {
    amount: number;
    fromAccountNo: string;
    toAccountNo: string;
    transferredAt: Date;
  }): Promise<{ reference: string; image: Buffer }> {
    const [sender] = await this.db
      .select({ bankCode: members.bankCode })
      .from(members)
      .where(eq(members.bankAccountNo, transfer.fromAccountNo))
      .orderBy(asc(members.id))
      .limit(1);
    const sendingBank = (sender && thaiBankCode(sender.bankCode)) ?? DEFAULT_SENDING_BANK;
    // Banks print the date first; the random part makes it unique (it is the primary key).
    const day = transfer.transferredAt.toISOString().slice(0, 10).replaceAll('-', '');
    const reference = `${day}${randomRef(12)}`;
    await this.db.insert(sandboxSlipTransfers).values({ ...transfer, reference, sendingBank });
    const image = await sandboxSlipImage(generate.slipVerify({ sendingBank, transRef: reference }));
    return { reference, image };
  }
}
