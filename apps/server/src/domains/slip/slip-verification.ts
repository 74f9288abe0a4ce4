import { SLIP_UPLOAD_WINDOW_MINUTES } from '@wallet/contract/constants';
import type { SlipNoteCode } from '@wallet/contract/errors';
import { minor } from '@wallet/contract/money';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { validate } from 'promptparse';
import type { Ledger } from '../../core/ledger/ledger';
import type { AmountLimits } from '../../core/settings/amount-limits';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { readQrCodeOffThread } from '../../lib/image-qr';
import type { Log } from '../../lib/log';
import type { ProviderMeter } from '../../lib/metrics';
import { callProvider } from '../../providers/games/game-provider';
import { bankOfThaiCode } from '../../providers/slips/bank-codes';
import type { SlipQr, SlipVerifier, VerifiedTransfer } from '../../providers/slips/slip-verifier';
import type { MemberMoneyInfo } from '../games/games.service';
import type { DepositRewards } from '../rewards/deposit-rewards';
import {
  bankFeedReported,
  claimSlipReference,
  failSlip,
  findSlip,
  listStaleSlips,
  type SlipRow,
  type SlipTransfer,
  succeedSlip,
} from './slip.repository';

export type SlipVerificationDeps = {
  db: Db;
  storage: FileStorage;
  verifier: SlipVerifier;
  ledger: Ledger;
  /** How long one verifier call may take before it counts as failed (and is retried). */
  timeoutMs: number;
  /** Each verifier call's outcome and duration (the metrics). */
  meter?: ProviderMeter;
  rewards: DepositRewards;
  /** The largest deposit of each currency (issue 30). */
  limits: AmountLimits;
  log: Log;
  /** The member's money details as stored now, or null (GamesService.readMember). */
  member: (memberId: number) => Promise<MemberMoneyInfo | null>;
  /** The operator's receiving accounts of a currency (DepositService.receivingAccounts). */
  receivingAccounts: (currency: string) => Promise<{ bankType: string; accountNo: string }[]>;
};

/** The verification job, sent at upload with the slip's id. */
export const SLIP_VERIFY_JOB = 'slips.verify';

/**
 * The job's tries: the first, then four more `retrySeconds` apart (SLIP_VERIFY_RETRY_SECONDS,
 * 30 s by default: two minutes of verifier outage before a slip ends as UNKNOW_ERROR). A
 * verification takes well under a second; one running two minutes counts as abandoned.
 */
export function slipJobOptions(retrySeconds: number) {
  return { retryLimit: 4, retryDelaySeconds: retrySeconds, expireInSeconds: 120 };
}

/** The sweep verifies slips still processing this long after their upload (their job was lost). */
export const SLIP_SWEEP_AFTER_MS = 60_000;

/** The most a picture may take to be read (off the main thread); longer is unreadable. */
const READ_TIMEOUT_MS = 10_000;

/** The sweep's slip whose verifier still fails this long after its upload ends as UNKNOW_ERROR. */
const GIVE_UP_MS = 30 * 60_000;

/**
 * Reads and judges uploaded slips (docs/decisions/0043-slips.md), run by the `slips.verify`
 * job sent at upload and by the sweep of slips left processing. Every step is safe to run again
 * or twice at once: the slip's state changes only from `processing` and only by a conditional
 * update, the reference is taken among slips under a lock, and the credit is Ledger.credit's
 * once per (bank, reference).
 */
export class SlipVerification {
  constructor(private readonly deps: SlipVerificationDeps) {}

  /** `final`: the job's last attempt; a verifier that fails then ends the slip as UNKNOW_ERROR. */
  async verify(slipId: number, attempt: { final: boolean }): Promise<void> {
    const { db, log } = this.deps;
    const slip = await findSlip(db, slipId);
    if (slip?.status !== 'processing') return;
    const read = await this.readQr(slip);
    if ('note' in read) {
      await this.fail(slip, read.note);
      return;
    }
    const asked = await callProvider(
      this.deps.timeoutMs,
      (deadline) => this.deps.verifier.verify(read.qr, deadline),
      this.deps.meter,
    );
    if (asked.kind !== 'ok') {
      const age = Date.now() - slip.createdAt.getTime();
      if (!attempt.final && age < GIVE_UP_MS) throw asked.error;
      log.warn({ slipId, err: asked.error }, 'slip verifier kept failing: slip given up');
      await this.fail(slip, 'UNKNOW_ERROR');
      return;
    }
    // The bank knows no such transfer: the QR is not from a genuine slip.
    if (!asked.value) {
      await this.fail(slip, 'INVALID_SLIP');
      return;
    }
    await this.judge(slip, asked.value);
  }

  /** Verifies the slips left processing (a job lost to a crash, or still failing); logs, never throws. */
  async sweep(olderThanMs: number): Promise<{ verified: number }> {
    const ids = await listStaleSlips(this.deps.db, olderThanMs);
    let verified = 0;
    for (const id of ids) {
      try {
        await this.verify(id, { final: false });
        verified += 1;
      } catch (error) {
        this.deps.log.warn({ err: error, slipId: id }, 'slip not verified yet');
      }
    }
    return { verified };
  }

  /** The slip-verify mini-QR in the picture, or why there is none to read. */
  private async readQr(slip: SlipRow): Promise<{ qr: SlipQr } | { note: SlipNoteCode }> {
    const image = await this.deps.storage.get(slip.fileKey);
    if (!image) return { note: 'UPLOADED_FILE_NOT_EXIST' };
    const type = slip.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const reading = await readQrCodeOffThread(image, type, READ_TIMEOUT_MS);
    if (reading.kind === 'too-large') return { note: 'IMG_SIZE_UNABLE_TO_PROCESS' };
    if (reading.kind === 'unreadable') return { note: 'CANNOT_READ_CROPPED_IMAGE' };
    if (reading.kind === 'none') return { note: 'INVALID_SLIP' };
    const parsed = validate.slipVerify(reading.text);
    if (!parsed) return { note: 'INVALID_SLIP' };
    return { qr: { sendingBank: parsed.sendingBank, reference: parsed.transRef } };
  }

  /** The rules of the spec's validation rules and constants and limits on the transfer as the bank booked it; then the credit. */
  private async judge(slip: SlipRow, transfer: VerifiedTransfer): Promise<void> {
    const { db } = this.deps;
    const member = await this.deps.member(slip.memberId);
    if (!member) return;
    const details: SlipTransfer = {
      reference: transfer.reference,
      sendingBank: bankOfThaiCode(transfer.sendingBank),
      amount: transfer.amount,
      transferredAt: transfer.transferredAt,
    };
    const refusal = await this.refusal(slip, member, transfer);
    if (refusal) {
      await this.fail(slip, refusal, details);
      return;
    }
    if (!(await claimSlipReference(db, slip.id, details))) {
      await this.fail(slip, 'SLIP_REFNO_DUPLICATED', details);
      return;
    }
    await this.credit(slip, member, details);
  }

  private async refusal(
    slip: SlipRow,
    member: MemberMoneyInfo,
    transfer: VerifiedTransfer,
  ): Promise<SlipNoteCode | null> {
    // The spec's constants and limits: uploaded within 1 hour of the transfer.
    const windowMs = SLIP_UPLOAD_WINDOW_MINUTES * 60_000;
    if (slip.createdAt.getTime() - transfer.transferredAt.getTime() > windowMs) {
      return 'EXPIRED_SLIP';
    }
    // Paid into one of the operator's bank accounts for the member's currency.
    const accounts = await this.deps.receivingAccounts(member.currency);
    const receiving = accounts.filter((a) => a.bankType === 'BANK').map((a) => a.accountNo);
    if (!receiving.includes(transfer.toAccountNo)) return 'DEST_ACC_INVALID';
    // Sent from the member's registered account: money from elsewhere is not the member's to claim.
    if (transfer.fromAccountNo !== member.bankAccountNo) return 'NOT_MATCH';
    // More than the largest deposit of the member's currency (issue 30): a verifier's mistake,
    // or a kip amount read as baht; refused, for the operator to look into, never credited.
    if (transfer.amount > (await this.deps.limits.of(member.currency)).depositMax) {
      return 'AMOUNT_ABOVE_MAXIMUM';
    }
    return null;
  }

  /**
   * Credits the transfer once (Ledger.credit, source `bank`, the bank's reference: the bank feed
   * reporting the same transfer credits under the same pair, decision 0038), in autocommit.
   * A pair credited before is this slip's own credit when the bank feed never reported the
   * transfer and it went to this member for this amount (a run cut between credit and success,
   * or a second run at the same moment); otherwise the transfer was credited without this slip.
   */
  private async credit(slip: SlipRow, member: MemberMoneyInfo, details: SlipTransfer) {
    const { db, ledger, log } = this.deps;
    const credit = await ledger.credit(db, {
      source: 'bank',
      reference: details.reference,
      memberId: member.id,
      amount: minor(details.amount),
      currency: member.currency,
      from: 'deposits',
      into: 'cash',
      type: 'deposit',
      label: { from: details.sendingBank, to: WALLET_ACCOUNT },
    });
    const own =
      credit.credited ||
      (credit.memberId === member.id &&
        credit.amount === details.amount &&
        !(await bankFeedReported(db, details.reference)));
    if (!own) {
      await this.fail(slip, 'SLIP_REFNO_DUPLICATED', details);
      return;
    }
    await this.deps.rewards.earned({ ...credit, currency: member.currency });
    if (await succeedSlip(db, slip.id, credit.transactionId)) {
      log.info({ slipId: slip.id, reference: details.reference }, 'slip credited');
    }
  }

  private async fail(slip: SlipRow, note: SlipNoteCode, details: SlipTransfer | null = null) {
    if (await failSlip(this.deps.db, slip.id, note, details)) {
      this.deps.log.info({ slipId: slip.id, note }, 'slip refused');
    }
  }
}
