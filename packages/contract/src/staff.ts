import { z } from 'zod';
import { PASSWORD_MAX } from './account';
import { RowIdTextSchema, TimestampSchema } from './common';
import { paging } from './constants';

/**
 * The operator's staff and what each may do (CONTRACT.md, "Back office (staff) API";
 * docs/backoffice.md). Staff are not members: their own accounts, a password then a TOTP code,
 * sessions of a few hours, and every change they make written to the audit log.
 */

export const staffRoles = ['admin', 'finance', 'support', 'viewer'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const StaffRoleSchema = z.enum(staffRoles, { error: 'KEY_INVALID' });

const everyone = staffRoles;

/**
 * Which role may take which action: the one table the server checks on every back-office route
 * and the back office reads to show only what the role can do.
 */
export const staffPermissions = {
  /** Create staff, reset an authenticator, end anyone's session, (de)activate staff. */
  'staff.manage': ['admin'],
  'audit.read': ['admin'],
  'members.read': everyone,
  /** Today's figures and what waits (the back office's first screen). */
  'dashboard.read': everyone,
  /**
   * Deactivate and reactivate members, reset a password (sent by SMS), clear a sign-in lock,
   * end their sessions, correct the bank account name.
   */
  'members.status': ['admin', 'support'],
  /** Write a note on a member and set their tags. */
  'members.note': ['admin', 'finance', 'support'],
  'adjustments.request': ['admin', 'finance'],
  'adjustments.decide': ['admin', 'finance'],
  'withdrawals.read': ['admin', 'finance', 'viewer'],
  'withdrawals.decide': ['admin', 'finance'],
  /** Game transfers held on a provider's unknown answer; asking the provider again. */
  'transfers.read': everyone,
  'transfers.retry': ['admin', 'finance', 'support'],
  /** Read the settings: the switches and the amount rules. */
  'settings.read': ['admin', 'finance'],
  /** Turn features on and off, close and reopen the service. */
  'settings.switches': ['admin'],
  /** Change a currency's amount rules (withdraw limits, approval threshold, minimums). */
  'settings.limits': ['admin', 'finance'],
  /**
   * Add and change the accounts members pay into (bank, QR provider, TrueMoney): where money
   * comes in is finance's to keep right, as the amount rules are (docs/backoffice.md).
   */
  'settings.deposits': ['admin', 'finance'],
  /** Game providers: on and off, maintenance, order, logos and links. */
  'settings.providers': ['admin'],
  /** Rotate a QR provider's callback secret (the secret is shown once, to the admin). */
  'settings.secrets': ['admin'],
  /** Set the allow-lists of addresses that may reach the service and the back office. */
  'settings.network': ['admin'],
  /** Change what members read: site info, contact, conditions, agreements, notice, videos. */
  'settings.content': ['admin'],
  /** Read the bonuses, promotion codes, the wheel and the invite and refund rules. */
  'promotions.read': ['admin', 'finance'],
  /** Change them: money the operator gives away, so finance may too. */
  'promotions.change': ['admin', 'finance'],
  /** The business's figures per day, week and month, and the daily reconciliation. */
  'reports.read': ['admin', 'finance', 'viewer'],
  /** Run the reconciliation now instead of waiting for the night's run. */
  'reports.reconcile': ['admin', 'finance'],
  'chat.read': everyone,
  'chat.write': ['admin', 'support'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAction = keyof typeof staffPermissions;
export const staffActions = Object.keys(staffPermissions) as StaffAction[];

export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return (staffPermissions[action] as readonly StaffRole[]).includes(role);
}

// Sign-in: a password, then a code.

export const StaffLoginSchema = z.object({
  username: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(50),
  password: z.string({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }).max(PASSWORD_MAX),
});
export type StaffLogin = z.infer<typeof StaffLoginSchema>;

/** A new authenticator to confirm: RFC 6238, SHA-1, 6 digits, 30 s, a base32 secret. */
export const StaffEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR picture (an SVG data URL) for the authenticator app to scan. */
  qr: z.string(),
});
export type StaffEnrolment = z.infer<typeof StaffEnrolmentSchema>;

/** `POST /api/backoffice/login`: the second step's challenge; `enrol` until one is confirmed. */
export const StaffChallengeResponseSchema = z.object({
  challenge: z.string(),
  enrol: StaffEnrolmentSchema.optional(),
  /** The password was handed over (a new account): the second step sets a new one. */
  changePassword: z.literal(true).optional(),
});
export type StaffChallengeResponse = z.infer<typeof StaffChallengeResponseSchema>;

/** An authenticator's code. */
export const TOTP_CODE = /^\d{6}$/;
/** A one-time recovery code, as handed out: two groups of five letters and digits. */
export const RECOVERY_CODE = /^[a-z2-9]{5}-[a-z2-9]{5}$/;
/** How many recovery codes a confirmed authenticator comes with. */
export const RECOVERY_CODE_COUNT = 8;

export const TotpCodeSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .regex(TOTP_CODE, { error: 'KEY_INVALID' });

/** A password a staff member chooses: longer than a member's (staff move money). */
export const STAFF_PASSWORD_MIN = 12;
export const StaffNewPasswordSchema = z
  .string({ error: 'KEY_INVALID' })
  .min(1, { error: 'KEY_MISSING' })
  .min(STAFF_PASSWORD_MIN, { error: 'STAFF_PASSWORD_SHORT' })
  .max(PASSWORD_MAX, { error: 'KEY_INVALID' });

/**
 * `POST /api/backoffice/login/totp`: `code` is the authenticator's, or a recovery code;
 * `newPassword` when the first step said `changePassword`.
 */
export const StaffTotpRequestSchema = z.object({
  newPassword: StaffNewPasswordSchema.optional(),
  challenge: z.string({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }).max(100),
  code: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'KEY_MISSING' })
    .refine((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), {
      error: 'KEY_INVALID',
    }),
});
export type StaffTotpRequest = z.infer<typeof StaffTotpRequestSchema>;

export const StaffProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type StaffProfile = z.infer<typeof StaffProfileSchema>;

/**
 * The session: its token (API clients send it as a bearer token; the browser keeps it in an
 * httpOnly cookie instead), and the recovery codes, shown once, when an authenticator was just
 * confirmed.
 */
export const StaffSessionResponseSchema = z.object({
  token: z.string(),
  role: StaffRoleSchema,
  staff: StaffProfileSchema,
  recoveryCodes: z.array(z.string()).optional(),
});
export type StaffSessionResponse = z.infer<typeof StaffSessionResponseSchema>;

/** `POST /api/backoffice/totp`: a fresh code before moving money. */
export const StaffFreshCodeSchema = z.object({ code: TotpCodeSchema });
export const StaffFreshCodeResponseSchema = z.object({ freshUntil: TimestampSchema });

// Staff accounts (admin).

const StaffNameSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(100, { error: 'KEY_INVALID' });

/** `POST /api/backoffice/staff`. */
export const CreateStaffSchema = z.object({
  username: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,50}$/, { error: 'KEY_INVALID' }),
  name: StaffNameSchema,
  role: StaffRoleSchema,
});
export type CreateStaff = z.infer<typeof CreateStaffSchema>;

/** A one-time password to hand over; the new account enrols an authenticator at first sign-in. */
export const CreatedStaffSchema = z.object({ username: z.string(), password: z.string() });
export type CreatedStaff = z.infer<typeof CreatedStaffSchema>;

export const StaffAccountSchema = StaffProfileSchema.extend({
  active: z.boolean(),
  /** Whether an authenticator is confirmed. */
  enrolled: z.boolean(),
  createdAt: TimestampSchema,
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;
export const StaffListResponseSchema = z.object({ staff: z.array(StaffAccountSchema) });

export const StaffIdParamsSchema = z.object({ id: RowIdTextSchema });

/** Why a staff member changed something: kept in the audit log beside the change. */
export const ReasonSchema = z.object({
  reason: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(3, { error: 'KEY_MISSING' })
    .max(500, { error: 'KEY_INVALID' }),
});

// Sessions.

export const StaffSessionSchema = z.object({
  id: z.number().int(),
  staff: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: TimestampSchema,
  lastSeenAt: TimestampSchema,
  expiresAt: TimestampSchema,
  /** The session of the request that listed them. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;
export const StaffSessionsResponseSchema = z.object({ sessions: z.array(StaffSessionSchema) });

// The audit log.

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: TimestampSchema,
  /** The staff member's username; null for a sign-in nobody completed. */
  staff: z.string().nullable(),
  action: z.string(),
  /** What it acted on: `member:<id>`, `staff:<username>`, `withdrawal:<id>`… */
  target: z.string().nullable(),
  reason: z.string().nullable(),
  ip: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const optionalText = (max: number) =>
  z.string({ error: 'KEY_INVALID' }).trim().max(max, { error: 'KEY_INVALID' }).optional();

/** `GET /api/backoffice/audit?limit=&before=&staff=&target=&action=&from=&to=`, newest first. */
export const AuditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'KEY_INVALID' })
    .int({ error: 'KEY_INVALID' })
    .min(1, { error: 'KEY_INVALID' })
    .max(paging.maxLimit, { error: 'KEY_INVALID' })
    .default(50),
  /** The id to continue below (the previous page's last entry). */
  before: z.coerce.number({ error: 'KEY_INVALID' }).int().min(1).optional(),
  staff: optionalText(50),
  target: optionalText(100),
  action: optionalText(100),
  from: z.iso.datetime({ offset: true, error: 'KEY_INVALID' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'KEY_INVALID' }).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditListResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });

/** `GET /api/backoffice/audit/verify`: `brokenAt` is the first entry whose hash does not hold. */
export const AuditVerifyResponseSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  brokenAt: z.number().int().nullable(),
});
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponseSchema>;

/** Rows of a back-office list a page holds, at most (mantine-datatable's pages). */
export const STAFF_PAGE_MAX = 100;

/**
 * A back-office list's page and order, from its query string: `page` from 1, `limit` rows,
 * sorted by one of `columns` (`sort`), `asc` or `desc` (`order`). Lists answer `total` beside
 * the page's rows, so a table pages and sorts on the server.
 */
export function staffPageQuery<const Columns extends readonly [string, ...string[]]>(
  columns: Columns,
  defaults: { sort: Columns[number]; order: 'asc' | 'desc'; limit?: number },
) {
  return z.object({
    page: z.coerce
      .number({ error: 'KEY_INVALID' })
      .int({ error: 'KEY_INVALID' })
      .min(1, {
        error: 'KEY_INVALID',
      })
      .default(1),
    limit: z.coerce
      .number({ error: 'KEY_INVALID' })
      .int({ error: 'KEY_INVALID' })
      .min(1, { error: 'KEY_INVALID' })
      .max(STAFF_PAGE_MAX, { error: 'KEY_INVALID' })
      .default(defaults.limit ?? 25),
    sort: z.enum(columns, { error: 'KEY_INVALID' }).default(defaults.sort as Columns[number]),
    order: z.enum(['asc', 'desc'], { error: 'KEY_INVALID' }).default(defaults.order),
  });
}
export type StaffPage<Column extends string = string> = {
  page: number;
  limit: number;
  sort: Column;
  order: 'asc' | 'desc';
};
