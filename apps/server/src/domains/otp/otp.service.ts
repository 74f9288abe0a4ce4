import type { Variant } from '@wallet/contract/account';
import {
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_SECONDS,
  type OtpSendResponse,
  type OtpVerify,
  type OtpVerifyResponse,
} from '@wallet/contract/otp';
import type { Db } from '../../db/client';
import type { CounterStore } from '../../lib/counter-store';
import { randomDigits, randomRef, randomToken, sameDigest, sha256Hex } from '../../lib/crypto';
import { DomainError, waitRefusal } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { canonicalPhone } from '../../lib/phone';
import type { SmsSender } from '../../providers/sms/sms-sender';
import {
  blockPhoneUntil,
  consumeVerified,
  findOtp,
  hasVerifiedUnused,
  insertOtp,
  isPhoneBlocked,
  isVerifiedToken,
  markVerified,
  recordAttempt,
  supersedePending,
} from './otp.repository';

/** How long a verified phone may wait before registering (docs/decisions/0012-otp.md). */
export const VERIFIED_OTP_VALID_MINUTES = 30;

export type OtpServiceDeps = {
  db: Db;
  counters: CounterStore;
  sms: SmsSender;
  variant: Variant;
  resendSeconds: number;
  maxPerHour: number;
  blockMinutes: number;
  /** OTP messages the whole service may send per hour (OTP_SMS_PER_HOUR). */
  smsPerHour: number;
  log: Log;
  now: () => Date;
  /** Whether a member signs in with this phone (AuthService.isMember). */
  isMember: (username: string) => Promise<boolean>;
};

/** The service-wide count of OTP messages, in windows of an hour. */
const SMS_BUDGET_KEY = 'otp-sms-budget';
const HOUR_MS = 3_600_000;

/** The stored code is bound to its request token: SHA-256(token:code). */
function codeHash(token: string, code: string): string {
  return sha256Hex(`${token}:${code}`);
}

export class OtpService {
  constructor(private readonly deps: OtpServiceDeps) {}

  private verifiedSince(): Date {
    return new Date(this.deps.now().getTime() - VERIFIED_OTP_VALID_MINUTES * 60_000);
  }

  /** POST /api/otp/send. */
  async send(phoneNumber: string): Promise<OtpSendResponse> {
    const { db, counters, now } = this.deps;
    const phone = canonicalPhone(this.deps.variant, phoneNumber);
    if (await isPhoneBlocked(db, phone, now())) throw new DomainError('OTP_BLOCK');
    if (await this.deps.isMember(phone)) {
      throw new DomainError('EXISTING_USER', { field: 'phoneNumber' });
    }
    // The spec's states: the wizard skips the OTP step on OTP_VERIFIED.
    if (await hasVerifiedUnused(db, phone, this.verifiedSince())) {
      throw new DomainError('OTP_VERIFIED');
    }

    // The service's hourly SMS budget first, so a send it refuses uses up none of the phone's.
    if ((await counters.read(SMS_BUDGET_KEY)) >= this.deps.smsPerHour) {
      throw await this.waitFor('REQUEST_LIMIT', SMS_BUDGET_KEY);
    }
    // Tight per-phone throttles (the API contract); the per-IP one is the route's rate limit.
    const windowKey = `otp-send-window:${phone}`;
    const inWindow = await counters.increment(windowKey, this.deps.resendSeconds * 1000);
    if (inWindow > 1) throw await this.waitFor('REQUEST_LIMIT_1MIN', windowKey);
    const hourKey = `otp-send-hour:${phone}`;
    const inHour = await counters.increment(hourKey, HOUR_MS);
    if (inHour > this.deps.maxPerHour) throw await this.waitFor('REQUEST_LIMIT', hourKey);
    await this.spendSmsBudget();

    const token = randomToken();
    const code = randomDigits(OTP_LENGTH);
    const ref = randomRef();
    // Sent before anything is written: a gateway refusal leaves the database as it was.
    try {
      await this.deps.sms.sendOtp({ phone, code, ref });
    } catch {
      throw new DomainError('OTP_SEND_FAIL');
    }
    const at = now();
    await db.transaction(async (tx) => {
      await supersedePending(tx, phone, at);
      await insertOtp(tx, {
        tokenHash: sha256Hex(token),
        ref,
        phone,
        codeHash: codeHash(token, code),
        expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000),
      });
    });
    return { otpRef: ref, otpToken: token, code: 'OK' };
  }

  /** OTP messages sent in the budget's current hour (the metrics' gauge beside OTP_SMS_PER_HOUR). */
  smsSentThisHour(): Promise<number> {
    return this.deps.counters.read(SMS_BUDGET_KEY);
  }

  /**
   * One message of the hourly budget (issue 30: a flood of numbers must not run up the SMS
   * bill). Counted atomically, so processes sharing Redis never send more than the budget; the
   * send that uses the last of it logs one warning per window.
   */
  private async spendSmsBudget(): Promise<void> {
    const { counters, smsPerHour, log } = this.deps;
    const sent = await counters.increment(SMS_BUDGET_KEY, HOUR_MS);
    if (sent > smsPerHour) throw await this.waitFor('REQUEST_LIMIT', SMS_BUDGET_KEY);
    if (sent === smsPerHour) {
      const resetsInSeconds = Math.ceil((await counters.remainingMs(SMS_BUDGET_KEY)) / 1000);
      log.warn(
        { smsPerHour, resetsInSeconds },
        'OTP SMS budget reached: no more codes are sent until the hour is over (OTP_SMS_PER_HOUR)',
      );
    }
  }

  /** A limit's refusal with the time left of its window. */
  private async waitFor(code: 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN', key: string) {
    return waitRefusal(code, await this.deps.counters.remainingMs(key));
  }

  /** POST /api/otp/verify. */
  async verify(input: OtpVerify): Promise<OtpVerifyResponse> {
    const { db, now } = this.deps;
    const tokenHash = sha256Hex(input.otpToken);
    const otp = await findOtp(db, tokenHash);
    if (!otp) throw new DomainError('OTP_TOKEN_INVALID', { field: 'otpToken' });
    if (await isPhoneBlocked(db, otp.phone, now())) throw new DomainError('OTP_BLOCK');
    // Used by a registration, or replaced by a newer code for the same phone.
    if (otp.usedAt) throw new DomainError('OTP_TOKEN_INVALID', { field: 'otpToken' });
    if (!otp.verifiedAt && otp.expiresAt.getTime() <= now().getTime()) {
      throw new DomainError('OTP_EXPIRED');
    }

    const attempt = await recordAttempt(db, tokenHash, OTP_MAX_WRONG_TRIES);
    if (attempt === null) throw new DomainError('OTP_BLOCK');
    if (!sameDigest(codeHash(input.otpToken, input.otpCode), otp.codeHash)) {
      if (attempt >= OTP_MAX_WRONG_TRIES) {
        await blockPhoneUntil(
          db,
          tokenHash,
          new Date(now().getTime() + this.deps.blockMinutes * 60_000),
        );
        throw new DomainError('OTP_BLOCK');
      }
      throw new DomainError('OTP_CODE_INVALID', { field: 'otpCode' });
    }
    // A repeated verify of a verified code answers the same (a double tap is not an error).
    if (!otp.verifiedAt) await markVerified(db, tokenHash, now());
    return { code: 'OTP_CODE_VALID', phoneNumber: otp.phone };
  }

  /** Whether registration of `phone` may proceed (the registerOTP flag is on). */
  hasVerifiedPhone(db: Db, phone: string): Promise<boolean> {
    return hasVerifiedUnused(db, phone, this.verifiedSince());
  }

  /** Whether the caller holds a verified, unused OTP token of `phone` (account/validate). */
  holdsVerifiedToken(phone: string, otpToken: string): Promise<boolean> {
    return isVerifiedToken(this.deps.db, sha256Hex(otpToken), phone, this.verifiedSince());
  }

  /** Uses up the phone's verification inside the registration's transaction. */
  consumeVerifiedPhone(tx: Db, phone: string): Promise<boolean> {
    return consumeVerified(tx, phone, this.verifiedSince(), this.deps.now());
  }
}
