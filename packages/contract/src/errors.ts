import { z } from 'zod';

/**
 * The error catalogue of the spec's error catalogue, as data. Every refusal the server sends is one of
 * these codes, with the HTTP status fixed here (the API contract) and an English message; the web
 * app shows the translation found under `i18nKey(code)` in each locale.
 *
 * Statuses: the API contract fixes 401/403/410/429/404/500; the rest follow one rule —
 * 400 a bad request or a business-rule refusal, 404 a thing that does not exist,
 * 409 a conflict with existing state, 502 an outside provider that failed,
 * 200 for the codes that only ever travel as a success message.
 */
export const errorCatalogue = {
  // Auth
  UNAUTHORIZED: { status: 401, message: 'Please sign in.' },
  EXPIRED_AUTH_TOKEN: { status: 401, message: 'Your session has expired. Please sign in again.' },
  INVALID_USER_1: { status: 401, message: 'Cannot verify identity.' },
  INVALID_USER_2: { status: 401, message: 'Cannot verify identity.' },
  INVALID_USER_3: { status: 401, message: 'Cannot verify identity.' },
  INVALID_USER_4: { status: 401, message: 'Cannot verify identity.' },
  INVALID_IP: { status: 403, message: 'Access from this network is not allowed.' },
  INACTIVE_USER: { status: 403, message: 'This account is inactive. Please contact support.' },
  WRONG_CREDENTIAL: { status: 400, message: 'The username or password is incorrect.' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is incorrect.' },
  NO_USER: { status: 404, message: 'No member has this username.' },
  LOGIN_FAIL: { status: 400, message: 'Sign-in failed. Please try again.' },
  // Staff (CONTRACT.md, "Back office (staff) API").
  FORBIDDEN: { status: 403, message: 'Your role may not do this.' },
  MAKER_CHECKER: {
    status: 403,
    message: 'Another staff member must approve what you asked for.',
  },
  STAFF_CODE_REQUIRED: {
    status: 403,
    message: 'Enter a fresh code from your authenticator to continue.',
  },
  STAFF_PASSWORD_SHORT: {
    status: 400,
    message: 'A staff password has 12 characters or more.',
  },
  PICTURE_TOO_LARGE: { status: 400, message: 'The picture is larger than 256 KB.' },
  VIDEO_ORIGIN_NOT_ALLOWED: {
    status: 400,
    message: 'Videos can only come from the sites the server allows (HOWTO_VIDEO_ORIGINS).',
  },
  IP_ALLOW_LIST_SELF: {
    status: 400,
    message: 'This list would shut out your own address: add it first.',
  },
  BONUS_CODE_TAKEN: { status: 409, message: 'A bonus already has this code.' },
  WHEEL_PROBABILITY_SUM: {
    status: 400,
    message: "The slices' chances must add up to exactly 100%.",
  },
  PASSWORD_UNCHANGED: {
    status: 400,
    message: 'Choose a new password, not the one you were given.',
  },
  SMS_SEND_FAIL: { status: 502, message: 'The text message could not be sent. Nothing changed.' },

  // OTP
  OTP_BLOCK: { status: 429, message: 'Too many wrong codes. This phone is blocked for a while.' },
  OTP_TOKEN_INVALID: { status: 400, message: 'The verification request is invalid.' },
  OTP_NOT_EXIST: { status: 404, message: 'No verification code was sent for this request.' },
  OTP_VERIFIED: { status: 409, message: 'This phone number is already verified.' },
  OTP_EXPIRED: {
    status: 400,
    message: 'The verification code has expired. Please request a new one.',
  },
  OTP_CODE_INVALID: { status: 400, message: 'The verification code is incorrect.' },
  OTP_CODE_VALID: { status: 200, message: 'The verification code is correct.' },
  OTP_SEND_FAIL: { status: 502, message: 'The verification code could not be sent.' },
  OTP_VERIFY_FAIL: { status: 400, message: 'The phone number could not be verified.' },
  UNVERIFIED_OTP: { status: 400, message: 'Please verify your phone number first.' },

  // Registration
  EXISTING_USER: { status: 409, message: 'This phone number is already registered.' },
  EXISTING_BANK: { status: 409, message: 'This bank account is already registered.' },
  INVALID_USER_INFO: { status: 400, message: 'The member details are invalid.' },
  INVALID_BANK: { status: 400, message: 'The bank details are invalid.' },
  BANK_ACCOUNT_NAME_ENG: { status: 400, message: 'Bank account name must be in English only.' },
  // Issue 30: a BAHT wallet pays out to Thai banks, a LAK wallet to Lao banks.
  BANK_CURRENCY_MISMATCH: {
    status: 400,
    message: 'This bank does not hold accounts in the currency of your wallet.',
  },
  REGISTER_FAIL: { status: 400, message: 'Registration failed.' },
  PHONE_NUMBER_REQUIRE_10_DIGIT: {
    status: 400,
    message: 'Enter a Thai mobile number: 10 digits starting with 06, 08 or 09.',
  },
  GAME_ACTIVATION_FAIL: { status: 502, message: 'The game account could not be activated.' },

  // Rate limits
  REQUEST_LIMIT: { status: 429, message: 'Too many requests. Please slow down.' },
  REQUEST_LIMIT_1MIN: { status: 429, message: 'Too many requests. Please wait about 1 minute.' },

  // Bonus
  BONUS_REMAINING: { status: 400, message: 'A bonus is still running. Finish it first.' },
  BONUS_ALREADY_ACTIVE: { status: 409, message: 'A bonus is already active.' },
  BONUS_MAX_CLAIMED: {
    status: 409,
    message: 'This bonus has been claimed the maximum number of times.',
  },
  BONUS_CONDITION: { status: 400, message: 'The bonus conditions are not met.' },
  BONUS_CLEAR: { status: 200, message: 'The bonus has been cancelled.' },
  BONUS_FULL: { status: 409, message: 'This bonus is fully claimed.' },
  NO_PROMOTION: { status: 404, message: 'No promotion has this code.' },
  PROMOTION_RECEIVED: { status: 409, message: 'This promotion has already been received.' },

  // Invite
  INVITE_COLLECT: { status: 400, message: 'The invite bonus cannot be collected yet.' },
  INVITE_INACTIVE: { status: 400, message: 'The invite bonus is not active.' },
  NO_INVITE_BONUS: { status: 400, message: 'There is no invite bonus to collect.' },
  NO_INVITEE_PLAY_INFO: { status: 400, message: 'Your invited friends have not played yet.' },
  INVITE_BONUS_SUCCESS: { status: 200, message: 'The invite bonus has been added to your wallet.' },
  INVITE_BONUS_FAIL: { status: 400, message: 'The invite bonus could not be collected.' },

  // Refund
  NO_REFUND: { status: 400, message: 'There is no refund to receive.' },
  REFUND_CONDITION: {
    status: 400,
    message: 'A refund cannot be received while a bonus is active.',
  },
  REFUND_SUCCESS: { status: 200, message: 'The refund has been received.' },
  REFUND_INACTIVE: { status: 400, message: 'Refunds are not active.' },
  REFUND_MINIMUM: { status: 400, message: 'The refund amount must be above 0.' },

  // Games and wallet
  SLOT_ALREADY_ACTIVE: { status: 409, message: 'This game account is already active.' },
  SLOT_ACTIVATE_FAIL: { status: 502, message: 'The game account could not be activated.' },
  SLOT_NO_ACCOUNT: { status: 404, message: 'You have no account at this game.' },
  SLOT_RESET_PASSWORD_FAIL: { status: 502, message: 'The game password could not be reset.' },
  NO_GAME: { status: 404, message: 'No such game.' },
  // Issue 33: the operator put the provider into maintenance; nothing reaches it meanwhile.
  GAME_MAINTENANCE: {
    status: 409,
    message: 'This game is under maintenance. Please try again later.',
  },
  NO_BANK: { status: 400, message: 'No bank account is registered.' },
  NO_WALLET: { status: 404, message: 'No wallet was found.' },
  // The minimum is the member's currency's (1 baht, or the kip setting): issue 30.
  TRANSFER_MINIMUM: { status: 400, message: 'The amount is below the transfer minimum.' },
  MONEY_NOT_ENOUGH: { status: 400, message: 'The balance is not enough.' },
  TRANSFER_FAIL: {
    status: 502,
    message: 'The transfer failed. The funds are back in your wallet.',
  },

  // Slips, links and QR
  SLIP_UPLOAD_FAIL: { status: 502, message: 'The slip could not be uploaded.' },
  SLIP_NO_FILE: { status: 400, message: 'Please choose a slip image.' },
  SLIP_INVALID_FILE: { status: 400, message: 'The file is not a valid slip image.' },
  TRUELINK_DUPLICATE: { status: 409, message: 'This gift link has already been used.' },
  TRUELINK_INVALID: { status: 400, message: 'The gift link is invalid or already used.' },
  QR_FAIL: { status: 502, message: 'The QR code could not be created.' },

  // Spin and coupon (BONUS_REMAINING is shared with the bonus group above)
  NO_CLAIMABLE_COUPON: { status: 400, message: 'There is no coupon to claim.' },
  INVALID_PRIZE_CODE: { status: 400, message: 'The prize code is invalid.' },
  INVALID_CODE: { status: 400, message: 'The code is invalid.' },
  INVALID_COUPON_TYPE: { status: 400, message: 'This coupon type cannot be claimed.' },
  COUPON_EXPIRED: { status: 400, message: 'This coupon has expired.' },

  // Chat (not in the spec's error catalogue: its client checks files before upload; the server checks
  // again by the bytes, docs/decisions/0044-chat.md)
  CHAT_NO_FILE: { status: 400, message: 'Please choose a file.' },
  CHAT_FILE_NOT_SUPPORTED: { status: 400, message: 'File is not supported.' },
  CHAT_FILE_TOO_LARGE: { status: 400, message: 'The file is too large.' },
  // The operator's quota for chat files is full (docs/decisions/0056-chat-abuse-limits.md).
  CHAT_STORAGE_FULL: {
    status: 507,
    message: 'Files cannot be sent right now. Please send a text message instead.',
  },

  // Other
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Something went wrong. Please try again.' },
  // The reverse proxy's own answer when no server process can take the request, and GET /ready's
  // while a dependency is down (docs/deploy.md): whether an action went through is unknown.
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is busy or being updated. Please try again in a moment.',
  },
  KEY_MISSING: { status: 400, message: 'A required field is missing.' },
  KEY_INVALID: { status: 400, message: 'A field is invalid.' },
  NO_DATA: { status: 404, message: 'Not found.' },
  OK: { status: 200, message: 'OK' },
  SUCCESS: { status: 200, message: 'Success' },

  // The API contract: every call while the operator has closed the service.
  TERMINATED: { status: 410, message: 'This service has been closed.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export const ErrorCodeSchema = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** The i18n key under which every locale translates a code (apps/web/src/locales). */
export function errorI18nKey(code: ErrorCode): `errors.${ErrorCode}` {
  return `errors.${code}`;
}

/** The API contract: the body of every non-2xx answer. */
export const ErrorEnvelopeSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Codes that mean "the token does not identify anyone": the client goes to /login. */
export const signInAgainCodes = [
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
] as const satisfies readonly ErrorCode[];

/**
 * The spec's error catalogue, slip note reasons: the verifier's code on a refused slip and the reason
 * shown to the member, as an i18n key under `slipNote.`.
 */
export const slipNoteReasons = {
  UPLOADED_FILE_NOT_EXIST: 'incorrectSlip',
  IMG_SIZE_UNABLE_TO_PROCESS: 'incorrectSlip',
  CANNOT_READ_CROPPED_IMAGE: 'incorrectSlip',
  DEST_ACC_INVALID: 'destinationAccountInvalid',
  SLIP_REFNO_DUPLICATED: 'duplicateSlip',
  UNSTABLE_REFNO_ON_SLIP: 'unreadableReference',
  TRIPPLE_WRONG_CAPTCHA: 'threeWrongCaptchas',
  INVALID_SLIP: 'unreadableSlip',
  NOT_MATCH: 'accountNotMatching',
  EXPIRED_SLIP: 'expiredSlip',
  // Issue 30: more than the largest deposit of the member's currency; refused, never credited.
  AMOUNT_ABOVE_MAXIMUM: 'amountAboveMaximum',
  UNKNOW_ERROR: 'unknownError',
} as const;

export type SlipNoteCode = keyof typeof slipNoteReasons;
export type SlipNoteReason = (typeof slipNoteReasons)[SlipNoteCode];
export const slipNoteReasonKeys = [...new Set(Object.values(slipNoteReasons))] as SlipNoteReason[];
