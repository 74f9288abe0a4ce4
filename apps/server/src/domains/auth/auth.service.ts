import type { Variant } from '@wallet/contract/account';
import type { Login, LoginResponse } from '@wallet/contract/auth';
import type { Db } from '../../db/client';
import type { CounterStore } from '../../lib/counter-store';
import { bearerToken, randomToken, sha256Hex, TOKEN_PATTERN } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { canonicalPhone } from '../../lib/phone';
import {
  findCredentials,
  findSessionWithMember,
  insertSession,
  liveSessionTokens,
  memberSessions,
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
   * POST /api/login from address `ip`. The limits (sign-in-throttle.ts) apply before the
   * password is checked, to known and unknown usernames alike. An unknown username is
   * verified against a dummy hash so both answers take the same time.
   */
  async login(input: Login, ip: string): Promise<LoginResponse> {
    const { db, now } = this.deps;
    const username = canonicalPhone(this.deps.variant, input.username);
    await this.throttle.admit(username, ip);

    const member = await findCredentials(db, username);
    const passwordHash = member?.passwordHash ?? (await dummyPasswordHash());
    const passwordOk = await verifyPassword(passwordHash, input.password);
    if (!member || !passwordOk) {
      await this.throttle.failed(username, ip);
      if (!member) throw new DomainError('NO_USER', { field: 'username' });
      throw new DomainError('WRONG_CREDENTIAL');
    }
    await this.throttle.succeeded(username, ip);
    // Checked after the password so the answer tells nothing to someone without it.
    if (!member.active) throw new DomainError('INACTIVE_USER');

    const token = randomToken();
    await insertSession(db, {
      tokenHash: sha256Hex(token),
      memberId: member.id,
      expiresAt: new Date(now().getTime() + this.deps.sessionTtlHours * 3_600_000),
    });
    return { token };
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
    }));
  }

  async logout(auth: AuthContext): Promise<void> {
    await revokeSession(this.deps.db, auth.tokenHash, this.deps.now());
    this.deps.sessions.forgetToken(auth.tokenHash);
  }

  /**
   * Which of these sessions still authenticate (not revoked, not expired, member active): the
   * chat sockets opened with the others are closed (chat.gateway.ts).
   */
  async liveTokens(tokenHashes: string[]): Promise<Set<string>> {
    return new Set(await liveSessionTokens(this.deps.db, tokenHashes, this.deps.now()));
  }
}
