import type {
  StaffChallengeResponse,
  StaffLogin,
  StaffProfile,
  StaffRole,
  StaffSession,
  StaffSessionResponse,
  StaffTotpRequest,
} from '@wallet/contract/staff';
import { RECOVERY_CODE, RECOVERY_CODE_COUNT } from '@wallet/contract/staff';
import type { AuditActor, AuditLog } from '../../core/audit/audit';
import type { Db } from '../../db/client';
import type { CounterStore } from '../../lib/counter-store';
import { randomToken, sha256Hex, TOKEN_PATTERN } from '../../lib/crypto';
import { DomainError, waitRefusal } from '../../lib/domain-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { SecretKeyRing } from '../../lib/secret-keys';
import { acceptedStep, newRecoveryCode, totpEnrolment } from '../../lib/totp';
import { type SignInLimits, SignInThrottle } from '../auth/sign-in-throttle';
import {
  claimTotpStep,
  findChallenge,
  findStaffById,
  findStaffByUsername,
  findStaffSession,
  insertChallenge,
  insertStaffSession,
  liveStaffTokens,
  openStaffSessions,
  replaceRecoveryCodes,
  revokeStaffSession,
  revokeStaffSessionById,
  type StaffRow,
  touchStaffSession,
  updateStaff,
  useChallenge,
  useRecoveryCode,
} from './staff.repository';
import { openTotpSecret, startEnrolment } from './staff-secrets';

/** Who a back-office request is: the staff account, its session, and when it last gave a code. */
export type StaffContext = StaffProfile & {
  tokenHash: string;
  sessionId: number;
  codeAt: Date | null;
};

/** Where a request came from, for the session list and the audit. */
export type Origin = { ip: string; userAgent: string };

export type StaffServiceDeps = {
  db: Db;
  audit: AuditLog;
  secrets: SecretKeyRing;
  counters: CounterStore;
  sessions: { hours: number; idleMinutes: number; codeFreshMinutes: number };
  signInLimits: SignInLimits;
  now: () => Date;
};

/** The second step waits this long for its code. */
const CHALLENGE_MS = 5 * 60_000;
/** CONTRACT.md: five wrong codes block the account's second step for 15 minutes. */
const MAX_WRONG_CODES = 5;
const WRONG_CODE_WINDOW_MS = 15 * 60_000;
/** A session's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export const actorOf = (context: StaffContext): AuditActor => ({
  id: context.id,
  username: context.username,
});

/**
 * Staff sign-in and sessions (docs/backoffice.md): a password (with the members' sign-in limits),
 * then a code from the authenticator, enrolled by a QR at the first sign-in, or a one-time
 * recovery code. Sessions last hours, end when idle, and are listed and revocable; a token is
 * kept only as its hash. Failed attempts and sign-ins go to the audit log.
 */
export class StaffService {
  private readonly throttle: SignInThrottle;

  constructor(private readonly deps: StaffServiceDeps) {
    this.throttle = new SignInThrottle(deps.counters, 'staff-login', deps.signInLimits);
  }

  /** `POST /api/backoffice/login`: the challenge of the second step, and `enrol` if needed. */
  async login(input: StaffLogin, origin: Origin): Promise<StaffChallengeResponse> {
    const { db, now, audit } = this.deps;
    const username = input.username.toLowerCase();
    await this.throttle.admit(username, origin.ip);

    let account = await findStaffByUsername(db, username);
    const passwordOk = await verifyPassword(
      account?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    // One answer for an unknown username and a wrong password: staff accounts are not public.
    if (!account || !passwordOk) {
      await this.throttle.failed(username, origin.ip);
      await audit.append({
        actor: null,
        ip: origin.ip,
        action: 'login.password-refused',
        target: `staff:${username}`,
      });
      throw new DomainError('WRONG_CREDENTIAL');
    }
    await this.throttle.succeeded(username, origin.ip);
    if (!account.active) throw new DomainError('INACTIVE_USER');

    if (account.totpConfirmedAt === null) {
      account = await startEnrolment(db, this.deps.secrets, account);
    }
    const challenge = randomToken();
    await insertChallenge(db, {
      challengeHash: sha256Hex(challenge),
      staffId: account.id,
      expiresAt: new Date(now().getTime() + CHALLENGE_MS),
    });
    const changePassword = account.mustChangePassword ? { changePassword: true as const } : {};
    if (account.totpConfirmedAt !== null) return { challenge, ...changePassword };
    const secret = openTotpSecret(this.deps.secrets, account);
    return { challenge, enrol: await totpEnrolment(secret, account.username), ...changePassword };
  }

  /** `POST /api/backoffice/login/totp`: the session, once the code holds. */
  async verifyCode(input: StaffTotpRequest, origin: Origin): Promise<StaffSessionResponse> {
    const { db, now, counters, audit } = this.deps;
    const challengeHash = sha256Hex(input.challenge);
    const challenge = await findChallenge(db, challengeHash);
    if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= now().getTime()) {
      throw new DomainError('UNAUTHORIZED');
    }
    const account = await findStaffById(db, challenge.staffId);
    if (!account?.active) throw new DomainError('INACTIVE_USER');

    const wrongKey = `staff-code:${account.id}`;
    if ((await counters.read(wrongKey)) >= MAX_WRONG_CODES) {
      throw waitRefusal('REQUEST_LIMIT', await counters.remainingMs(wrongKey));
    }
    // A handed-over password is replaced in this step: checked before the code is spent on it.
    const { newPassword } = input;
    if (account.mustChangePassword) {
      if (newPassword === undefined) throw new DomainError('KEY_MISSING', { field: 'newPassword' });
      if (await verifyPassword(account.passwordHash, newPassword)) {
        throw new DomainError('PASSWORD_UNCHANGED', { field: 'newPassword' });
      }
    }
    const enrolling = account.totpConfirmedAt === null;
    if (!(await this.codeHolds(account, input.code, enrolling))) {
      await counters.increment(wrongKey, WRONG_CODE_WINDOW_MS);
      await audit.append({
        actor: { id: account.id, username: account.username },
        ip: origin.ip,
        action: 'login.code-refused',
        target: `staff:${account.username}`,
      });
      throw new DomainError('OTP_CODE_INVALID', { status: 401, field: 'code' });
    }
    if (!(await useChallenge(db, challengeHash, now()))) throw new DomainError('UNAUTHORIZED');
    await counters.reset(wrongKey);

    const recoveryCodes = enrolling ? await this.confirmEnrolment(account) : undefined;
    if (account.mustChangePassword && newPassword !== undefined) {
      await db.transaction(async (tx) => {
        const passwordHash = await hashPassword(newPassword);
        await updateStaff(tx, account.id, { passwordHash, mustChangePassword: false });
        await audit.append(
          {
            actor: { id: account.id, username: account.username },
            ip: origin.ip,
            action: 'staff.password-change',
            target: `staff:${account.username}`,
          },
          tx,
        );
      });
    }
    const token = randomToken();
    const at = now();
    await insertStaffSession(db, {
      tokenHash: sha256Hex(token),
      staffId: account.id,
      expiresAt: new Date(at.getTime() + this.deps.sessions.hours * 3_600_000),
      ip: origin.ip.slice(0, 64),
      userAgent: origin.userAgent.slice(0, 300),
      codeAt: at,
    });
    await audit.append({
      actor: { id: account.id, username: account.username },
      ip: origin.ip,
      action: enrolling ? 'login.enrolled' : 'login',
      target: `staff:${account.username}`,
    });
    const staff = profileOf(account);
    return { token, role: staff.role, staff, ...(recoveryCodes ? { recoveryCodes } : {}) };
  }

  /** An authenticator code (once per step) or, once enrolled, an unused recovery code. */
  private async codeHolds(account: StaffRow, code: string, enrolling: boolean): Promise<boolean> {
    const { db, now } = this.deps;
    if (RECOVERY_CODE.test(code)) {
      return !enrolling && useRecoveryCode(db, account.id, sha256Hex(code), now());
    }
    const secret = openTotpSecret(this.deps.secrets, account);
    const step = acceptedStep(secret, code, now(), account.totpLastStep);
    return step !== null && claimTotpStep(db, account.id, step);
  }

  private async confirmEnrolment(account: StaffRow): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.deps.db.transaction(async (tx) => {
      await updateStaff(tx, account.id, { totpConfirmedAt: this.deps.now() });
      await replaceRecoveryCodes(tx, account.id, codes.map(sha256Hex));
    });
    return codes;
  }

  /** The staff account of a session token (a bearer token, or the browser's cookie). */
  async authenticate(token: string | undefined): Promise<StaffContext> {
    if (token === undefined) throw new DomainError('UNAUTHORIZED');
    if (!TOKEN_PATTERN.test(token)) throw new DomainError('INVALID_USER_1');
    const { db, now, sessions } = this.deps;
    const tokenHash = sha256Hex(token);
    const session = await findStaffSession(db, tokenHash);
    if (!session || session.revokedAt) throw new DomainError('INVALID_USER_2');
    const at = now().getTime();
    const idleSince = session.lastSeenAt.getTime();
    if (session.expiresAt.getTime() <= at || idleSince + sessions.idleMinutes * 60_000 <= at) {
      throw new DomainError('EXPIRED_AUTH_TOKEN');
    }
    if (!session.staff.active) throw new DomainError('INACTIVE_USER');
    if (at - idleSince >= TOUCH_EVERY_MS) {
      await touchStaffSession(db, tokenHash, { lastSeenAt: new Date(at) });
    }
    return {
      ...profileOf(session.staff),
      tokenHash,
      sessionId: session.id,
      codeAt: session.codeAt,
    };
  }

  /** `POST /api/backoffice/totp`: a fresh code, for the money-moving actions after it. */
  async freshCode(context: StaffContext, code: string, origin: Origin): Promise<Date> {
    const { db, now, counters } = this.deps;
    const account = await findStaffById(db, context.id);
    if (!account) throw new DomainError('UNAUTHORIZED');
    const wrongKey = `staff-code:${account.id}`;
    if ((await counters.read(wrongKey)) >= MAX_WRONG_CODES) {
      throw waitRefusal('REQUEST_LIMIT', await counters.remainingMs(wrongKey));
    }
    if (!(await this.codeHolds(account, code, false))) {
      await counters.increment(wrongKey, WRONG_CODE_WINDOW_MS);
      await this.deps.audit.append({
        actor: actorOf(context),
        ip: origin.ip,
        action: 'session.code-refused',
        target: `staff:${account.username}`,
      });
      throw new DomainError('OTP_CODE_INVALID', { status: 401, field: 'code' });
    }
    const at = now();
    await touchStaffSession(db, context.tokenHash, { codeAt: at, lastSeenAt: at });
    return new Date(at.getTime() + this.deps.sessions.codeFreshMinutes * 60_000);
  }

  /** Money-moving actions want a code given within the last few minutes. */
  requireFreshCode(context: StaffContext): void {
    const fresh = this.deps.sessions.codeFreshMinutes * 60_000;
    if (!context.codeAt || context.codeAt.getTime() + fresh <= this.deps.now().getTime()) {
      throw new DomainError('STAFF_CODE_REQUIRED');
    }
  }

  async logout(context: StaffContext): Promise<void> {
    await revokeStaffSession(this.deps.db, context.tokenHash, this.deps.now());
  }

  /** Open sessions: the caller's own, or everyone's for those who manage staff. */
  async sessions(context: StaffContext, everyone: boolean): Promise<StaffSession[]> {
    const rows = await openStaffSessions(
      this.deps.db,
      this.deps.now(),
      everyone ? undefined : context.id,
    );
    return rows.map(({ tokenHash, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: tokenHash === context.tokenHash,
    }));
  }

  /** Ends a session: one's own, or anyone's for those who manage staff. */
  async endSession(
    context: StaffContext,
    id: number,
    anyone: boolean,
    origin: Origin,
  ): Promise<void> {
    const { db, now, audit } = this.deps;
    await db.transaction(async (tx) => {
      const owner = await revokeStaffSessionById(tx, id, now(), anyone ? undefined : context.id);
      if (owner === null) throw new DomainError('NO_DATA');
      await audit.append(
        { actor: actorOf(context), ip: origin.ip, action: 'session.end', target: `session:${id}` },
        tx,
      );
    });
  }

  /** Which of these staff sessions still authenticate: the back office's sockets of the others close. */
  async liveTokens(tokenHashes: string[]): Promise<Set<string>> {
    return new Set(await liveStaffTokens(this.deps.db, tokenHashes, this.deps.now()));
  }
}

export function profileOf(row: {
  id: number;
  username: string;
  name: string;
  role: string;
}): StaffProfile {
  return { id: row.id, username: row.username, name: row.name, role: row.role as StaffRole };
}
