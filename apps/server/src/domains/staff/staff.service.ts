import type { StaffLogin, StaffLoginResponse, StaffProfile } from '@wallet/contract/backoffice';
import type { Db } from '../../db/client';
import type { CounterStore } from '../../lib/counter-store';
import { randomToken, sha256Hex, TOKEN_PATTERN } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { type SignInLimits, SignInThrottle } from '../auth/sign-in-throttle';
import {
  findStaffByUsername,
  findStaffSession,
  insertStaff,
  insertStaffSession,
  liveStaffTokens,
  revokeStaffSession,
} from './staff.repository';

/** Who a back-office request is: the staff account of the token, and the token's hash. */
export type StaffContext = StaffProfile & { tokenHash: string };

export type StaffServiceDeps = {
  db: Db;
  counters: CounterStore;
  sessionTtlHours: number;
  signInLimits: SignInLimits;
  now: () => Date;
};

/**
 * Support staff sign in apart from members (docs/decisions/0044-chat.md): their own accounts,
 * sessions and tokens, with the members' rules (argon2id passwords, a token kept only as its
 * hash, the sign-in limits of sign-in-throttle.ts applied before the password is checked).
 */
export class StaffService {
  private readonly throttle: SignInThrottle;

  constructor(private readonly deps: StaffServiceDeps) {
    this.throttle = new SignInThrottle(deps.counters, 'staff-login', deps.signInLimits);
  }

  /** POST /api/backoffice/login from address `ip`. */
  async login(input: StaffLogin, ip: string): Promise<StaffLoginResponse> {
    const { db, now } = this.deps;
    const username = input.username.toLowerCase();
    await this.throttle.admit(username, ip);

    const account = await findStaffByUsername(db, username);
    const passwordOk = await verifyPassword(
      account?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    // One answer for an unknown username and a wrong password: staff accounts are not public.
    if (!account || !passwordOk) {
      await this.throttle.failed(username, ip);
      throw new DomainError('WRONG_CREDENTIAL');
    }
    await this.throttle.succeeded(username, ip);
    if (!account.active) throw new DomainError('INACTIVE_USER');

    const token = randomToken();
    await insertStaffSession(db, {
      tokenHash: sha256Hex(token),
      staffId: account.id,
      expiresAt: new Date(now().getTime() + this.deps.sessionTtlHours * 3_600_000),
    });
    return { token, staff: { id: account.id, username: account.username, name: account.name } };
  }

  /** The staff account of a bearer token (`bearerToken` of a header, or the socket's). */
  async authenticate(token: string | undefined): Promise<StaffContext> {
    if (token === undefined) throw new DomainError('UNAUTHORIZED');
    if (!TOKEN_PATTERN.test(token)) throw new DomainError('INVALID_USER_1');
    const tokenHash = sha256Hex(token);
    const session = await findStaffSession(this.deps.db, tokenHash);
    if (!session || session.revokedAt) throw new DomainError('INVALID_USER_2');
    if (session.expiresAt.getTime() <= this.deps.now().getTime()) {
      throw new DomainError('EXPIRED_AUTH_TOKEN');
    }
    if (!session.staff.active) throw new DomainError('INACTIVE_USER');
    const { id, username, name } = session.staff;
    return { id, username, name, tokenHash };
  }

  async logout(context: StaffContext): Promise<void> {
    await revokeStaffSession(this.deps.db, context.tokenHash, this.deps.now());
  }

  /** Which of these staff sessions still authenticate: the back office's sockets of the others close. */
  async liveTokens(tokenHashes: string[]): Promise<Set<string>> {
    return new Set(await liveStaffTokens(this.deps.db, tokenHashes, this.deps.now()));
  }

  /** The account, made unless its username exists (the sandbox's demo account). */
  async ensure(account: { username: string; name: string; password: string }): Promise<void> {
    if (await findStaffByUsername(this.deps.db, account.username.toLowerCase())) return;
    await this.create(account);
  }

  /** A new staff account (`npm run staff:add`); null when the username is taken. */
  async create(account: {
    username: string;
    name: string;
    password: string;
  }): Promise<StaffProfile | null> {
    const row = await insertStaff(this.deps.db, {
      username: account.username.toLowerCase(),
      name: account.name,
      passwordHash: await hashPassword(account.password),
    });
    return row && { id: row.id, username: row.username, name: row.name };
  }
}
