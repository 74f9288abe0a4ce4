import { describe, expect, it } from 'vitest';
import {
  type ErrorCode,
  ErrorEnvelopeSchema,
  errorCatalogue,
  errorCodes,
  errorI18nKey,
  isErrorCode,
  signInAgainCodes,
  slipNoteReasonKeys,
  slipNoteReasons,
} from './errors';

const codesWithStatus = (status: number) =>
  errorCodes.filter((code) => errorCatalogue[code].status === status).sort();

/** Every code the spec's error catalogue lists, as written there. */
const specCodes = `UNAUTHORIZED EXPIRED_AUTH_TOKEN INVALID_USER_1 INVALID_USER_2 INVALID_USER_3
  INVALID_USER_4 INVALID_IP INACTIVE_USER WRONG_CREDENTIAL WRONG_PASSWORD NO_USER LOGIN_FAIL
  OTP_BLOCK OTP_TOKEN_INVALID OTP_NOT_EXIST OTP_VERIFIED OTP_EXPIRED OTP_CODE_INVALID
  OTP_CODE_VALID OTP_SEND_FAIL OTP_VERIFY_FAIL UNVERIFIED_OTP EXISTING_USER EXISTING_BANK
  INVALID_USER_INFO INVALID_BANK BANK_ACCOUNT_NAME_ENG REGISTER_FAIL PHONE_NUMBER_REQUIRE_10_DIGIT
  GAME_ACTIVATION_FAIL REQUEST_LIMIT REQUEST_LIMIT_1MIN BONUS_REMAINING BONUS_ALREADY_ACTIVE
  BONUS_MAX_CLAIMED BONUS_CONDITION BONUS_CLEAR BONUS_FULL NO_PROMOTION PROMOTION_RECEIVED
  INVITE_COLLECT INVITE_INACTIVE NO_INVITE_BONUS NO_INVITEE_PLAY_INFO INVITE_BONUS_SUCCESS
  INVITE_BONUS_FAIL NO_REFUND REFUND_CONDITION REFUND_SUCCESS REFUND_INACTIVE REFUND_MINIMUM
  SLOT_ALREADY_ACTIVE SLOT_ACTIVATE_FAIL SLOT_NO_ACCOUNT SLOT_RESET_PASSWORD_FAIL NO_GAME NO_BANK
  NO_WALLET TRANSFER_MINIMUM MONEY_NOT_ENOUGH TRANSFER_FAIL SLIP_UPLOAD_FAIL SLIP_NO_FILE
  SLIP_INVALID_FILE TRUELINK_DUPLICATE TRUELINK_INVALID QR_FAIL INTERNAL_SERVER_ERROR KEY_MISSING
  KEY_INVALID NO_DATA OK SUCCESS NO_CLAIMABLE_COUPON INVALID_PRIZE_CODE INVALID_CODE
  INVALID_COUPON_TYPE COUPON_EXPIRED`.split(/\s+/);

describe('the error catalogue', () => {
  it("holds every code of the spec's error catalogue, and TERMINATED of the API contract", () => {
    for (const code of [...specCodes, 'TERMINATED']) expect(errorCodes).toContain(code);
  });

  it('gives every code an HTTP status and an English message', () => {
    for (const code of errorCodes) {
      const { status, message } = errorCatalogue[code];
      expect(Number.isInteger(status) && status >= 200 && status < 600, code).toBe(true);
      expect(message.length, code).toBeGreaterThan(0);
    }
  });

  it('answers 401 exactly for the codes that send the member back to sign in', () => {
    expect(codesWithStatus(401)).toEqual([...signInAgainCodes].sort());
    expect(codesWithStatus(401)).toEqual(
      [
        'UNAUTHORIZED',
        'EXPIRED_AUTH_TOKEN',
        'INVALID_USER_1',
        'INVALID_USER_2',
        'INVALID_USER_3',
        'INVALID_USER_4',
      ].sort(),
    );
  });

  it('answers 403 exactly for a refused network, an inactive member and a staff refusal', () => {
    expect(codesWithStatus(403)).toEqual([
      'FORBIDDEN',
      'INACTIVE_USER',
      'INVALID_IP',
      'MAKER_CHECKER',
      'STAFF_CODE_REQUIRED',
    ]);
  });

  it('answers 429 for the rate limits and for the OTP block, a throttle too', () => {
    expect(codesWithStatus(429)).toEqual(['OTP_BLOCK', 'REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN']);
  });

  it('answers 410 for a closed service and 500 only for a real fault', () => {
    expect(errorCatalogue.TERMINATED.status).toBe(410);
    expect(codesWithStatus(500)).toEqual(['INTERNAL_SERVER_ERROR']);
  });

  it('answers field problems and business refusals as 4xx, never 5xx', () => {
    const refusals: ErrorCode[] = [
      'KEY_MISSING',
      'KEY_INVALID',
      'MONEY_NOT_ENOUGH',
      'TRANSFER_MINIMUM',
    ];
    for (const code of refusals) expect(errorCatalogue[code].status).toBe(400);
    expect(errorCatalogue.BONUS_ALREADY_ACTIVE.status).toBe(409);
  });
});

describe('error codes', () => {
  it('are recognised only when they are catalogue keys', () => {
    expect(isErrorCode('MONEY_NOT_ENOUGH')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('money_not_enough')).toBe(false);
    expect(isErrorCode(401)).toBe(false);
  });

  it('are translated under errors.<CODE>', () => {
    expect(errorI18nKey('QR_FAIL')).toBe('errors.QR_FAIL');
  });

  it('travel in an envelope of code, message and an optional field', () => {
    expect(
      ErrorEnvelopeSchema.parse({ code: 'KEY_MISSING', message: 'x', field: 'amount' }),
    ).toEqual({ code: 'KEY_MISSING', message: 'x', field: 'amount' });
    expect(ErrorEnvelopeSchema.safeParse({ code: 'NOPE', message: 'x' }).success).toBe(false);
  });
});

describe('slip note reasons', () => {
  it('group the verifier codes into the nine reasons the spec shows, and the amount above the maximum', () => {
    // Issue 30: a slip above the largest deposit of the member's currency is a reason of its own.
    expect(slipNoteReasonKeys).toHaveLength(10);
    expect(slipNoteReasons.AMOUNT_ABOVE_MAXIMUM).toBe('amountAboveMaximum');
    expect(slipNoteReasons.IMG_SIZE_UNABLE_TO_PROCESS).toBe(
      slipNoteReasons.UPLOADED_FILE_NOT_EXIST,
    );
    expect(slipNoteReasons.NOT_MATCH).toBe('accountNotMatching');
  });
});
