import type { Variant } from '@wallet/contract/account';
import type { Login, LoginResponse } from '@wallet/contract/auth';
import type { MemberSignInOutcome } from '@wallet/contract/staff-members';
import type { Db } from '../../db/client';
import type { CounterStore } from '../../lib/counter-store';
import { bearerToken, randomToken, sha256Hex, TOKEN_PATTERN } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import type { Origin } from '../../lib/origin';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { canonicalPhone } from '../../lib/phone';
import {
  failedSignIns,
  findCredentials,
  findSessionWithMember,
  insertSession,
  liveSessionTokens,
  memberSessions,
  memberSignInHistory,
  membersSharing,
  recordSignIn,
  revokeOtherSessions,
  revokeSession,
} from './session.repository';
import type { SessionCache } from './session-cache';
import { type SignInLimits, SignInThrottle } from './sign-in-throttle';

/** Who an authenticated request is: the member of the token, and the token's hash. */
export type AuthContext = { memberId: number; tokenHash: string };

export type AuthServiceDeps = {
  db: Db;
  counters: CounterStore;
  variant: Variant;
  sessionTtlHours: number;
  signInLimits: SignInLimits;
  sessions: SessionCache;
  now: () => Date;
};

export class AuthService {
  private readonly throttle: SignInThrottle;

  constructor(private readonly deps: AuthServiceDeps) {
    this.throttle = new SignInThrottle(deps.counters, 'login', deps.signInLimits);
  }

  /**
   * POST /api/login from `origin`. The limits (sign-in-throttle.ts) apply before the password
   * is checked, to known and unknown usernames alike. An unknown username is verified against
   * a dummy hash so both answers take the same time. A member's sign-ins are kept, failed ones
   * too (the back office's history and flags).
   */
  async login(input: Login, origin: Origin): Promise<LoginResponse> {
    const { db, now } = this.deps;
    const { ip } = origin;
    const username = canonicalPhone(this.deps.variant, input.username);
    await this.throttle.admit(username, ip);

    const member = await findCredentials(db, username);
    const passwordHash = member?.passwordHash ?? (await dummyPasswordHash());
    const passwordOk = await verifyPassword(passwordHash, input.password);
    if (!member || !passwordOk) {
      await this.throttle.failed(username, ip);
      if (!member) throw new DomainError('NO_USER', { field: 'username' });
      await this.record(member.id, 'wrong-password', origin);
      throw new DomainError('WRONG_CREDENTIAL');
    }
    await this.throttle.succeeded(username, ip);
    // Checked after the password so the answer tells nothing to someone without it.
    if (!member.active) {
      await this.record(member.id, 'inactive', origin);
      throw new DomainError('INACTIVE_USER');
    }

    const token = randomToken();
    await db.transaction(async (tx) => {
      await insertSession(tx, {
        tokenHash: sha256Hex(token),
        memberId: member.id,
        expiresAt: new Date(now().getTime() + this.deps.sessionTtlHours * 3_600_000),
        ip,
        userAgent: origin.userAgent,
      });
      await this.record(member.id, 'signed-in', origin, tx);
    });
    return { token };
  }

  /** A registration or sign-in with the member's phone, kept 90 days (the back office). */
  record(
    memberId: number,
    outcome: MemberSignInOutcome,
    origin: Origin,
    db: Db = this.deps.db,
  ): Promise<void> {
    return recordSignIn(db, { memberId, outcome, ...origin });
  }

  /** The member's latest sign-ins (the back office's member page). */
  async signInsOf(memberId: number) {
    const rows = await memberSignInHistory(this.deps.db, memberId);
    return rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      outcome: row.outcome as MemberSignInOutcome,
    }));
  }

  /** Other members seen on the member's devices or addresses since `since` (the flags). */
  sharingWith(memberId: number, by: 'deviceId' | 'ip', since: Date) {
    return membersSharing(this.deps.db, memberId, by, since);
  }

  /** Wrong passwords given for the member since `since`. */
  async failuresSince(memberId: number, since: Date): Promise<number> {
    return (await failedSignIns(this.deps.db, memberId, since)).count;
  }

  /**
   * Staff lift a member's sign-in lock: the failures of the last lock window, from every
   * address they came from, and the account's delay are forgotten.
   */
  async clearSignInLock(memberId: number, username: string): Promise<void> {
    const { db, now, signInLimits } = this.deps;
    const since = new Date(now().getTime() - Math.max(60, signInLimits.windowMinutes) * 60_000);
    const { addresses } = await failedSignIns(db, memberId, since);
    await this.throttle.clear(username, addresses);
  }

  /** Whether a member signs in with `username` (a registered phone). */
  async isMember(username: string): Promise<boolean> {
    return (await findCredentials(this.deps.db, username)) !== null;
  }

  /**
   * Revokes every live session of the member but `keepTokenHash` (a password change), inside
   * the caller's transaction `tx`.
   */
  revokeOtherSessions(tx: Db, memberId: number, keepTokenHash: string): Promise<number> {
    return revokeOtherSessions(tx, memberId, keepTokenHash, this.deps.now());
  }

  /** The statuses of docs/architecture.md, Auth; run on every authenticated request. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (token === undefined) throw new DomainError('UNAUTHORIZED');
    if (!TOKEN_PATTERN.test(token)) throw new DomainError('INVALID_USER_1');

    const tokenHash = sha256Hex(token);
    const now = this.deps.now().getTime();
    const cached = this.deps.sessions.get(tokenHash, now);
    if (cached !== null) return { memberId: cached, tokenHash };
    const session = await findSessionWithMember(this.deps.db, tokenHash);
    // A deactivation ends the member's sessions; their calls say why (CONTRACT.md).
    if (session?.memberExists !== null && session?.memberActive === false) {
      throw new DomainError('INACTIVE_USER');
    }
    if (!session || session.revokedAt) throw new DomainError('INVALID_USER_2');
    if (session.expiresAt.getTime() <= now) throw new DomainError('EXPIRED_AUTH_TOKEN');
    if (session.memberExists === null) throw new DomainError('INVALID_USER_3');
    // Deactivating a member takes effect within the session cache's few seconds.
    if (!session.memberActive) throw new DomainError('INACTIVE_USER');
    this.deps.sessions.remember(tokenHash, session.memberId, session.expiresAt.getTime());
    return { memberId: session.memberId, tokenHash };
  }

  /** A member's latest sessions and whether each still lets them in (the back office). */
  async sessionsOf(memberId: number) {
    const now = this.deps.now().getTime();
    const rows = await memberSessions(this.deps.db, memberId);
    return rows.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      active: row.revokedAt === null && row.expiresAt.getTime() > now,
      ip: row.ip,
      userAgent: row.userAgent,
    }));
  }

  async logout(auth: AuthContext): Promise<void> {
    await revokeSession(this.deps.db, auth.tokenHash, this.deps.now());
    await this.deps.sessions.forgetToken(auth.tokenHash);
  }

  /**
   * Which of these sessions still authenticate (not revoked, not expired, member active): the
   * chat sockets opened with the others are closed (chat.gateway.ts).
   */
  async liveTokens(tokenHashes: string[]): Promise<Set<string>> {
    return new Set(await liveSessionTokens(this.deps.db, tokenHashes, this.deps.now()));
  }
}
