import { randomBytes } from 'node:crypto';
import type {
  CreatedStaff,
  CreateStaff,
  StaffAccount,
  StaffProfile,
  StaffRole,
} from '@wallet/contract/staff';
import type { AuditActor, AuditLog } from '../../core/audit/audit';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../../lib/passwords';
import type { SecretKeyRing } from '../../lib/secret-keys';
import { codeForStep, newTotpSecret, stepAt } from '../../lib/totp';
import {
  findStaffById,
  findStaffByUsername,
  insertStaff,
  listStaff,
  revokeSessionsOf,
  updateStaff,
} from './staff.repository';
import { profileOf } from './staff.service';
import { openTotpSecret, sealTotpSecret } from './staff-secrets';

export type StaffAccountsDeps = {
  db: Db;
  audit: AuditLog;
  secrets: SecretKeyRing;
  now: () => Date;
};

/** Who changes an account, from where (the CLI has no staff member and says so). */
export type ChangedBy = { actor: AuditActor; ip: string };

/** 128 random bits, as a password to read out: letters and digits only. */
function oneTimePassword(): string {
  return randomBytes(16).toString('base64url').replace(/[-_]/g, 'x');
}

/**
 * Staff accounts (docs/backoffice.md): made by an admin (or the first one by a command), given
 * a one-time password to hand over; an authenticator is enrolled at the first sign-in and an
 * admin can reset it. Every change is written to the audit log in the same transaction.
 */
export class StaffAccounts {
  constructor(private readonly deps: StaffAccountsDeps) {}

  /**
   * A new account. Without `chosen` (an admin in the back office) its password is made here,
   * shown once to hand over, and must be replaced at the first sign-in; the command that makes
   * the first admin passes the password its user chose.
   */
  async create(input: CreateStaff, by: ChangedBy, chosen?: string) {
    const { db, audit } = this.deps;
    const password = chosen ?? oneTimePassword();
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx): Promise<CreatedStaff> => {
      const row = await insertStaff(tx, {
        ...input,
        passwordHash,
        mustChangePassword: chosen === undefined,
      });
      if (!row) throw new DomainError('EXISTING_USER', { field: 'username' });
      await audit.append(
        {
          ...by,
          action: 'staff.create',
          target: `staff:${row.username}`,
          after: { name: row.name, role: row.role },
        },
        tx,
      );
      return { username: row.username, password };
    });
  }

  async list(): Promise<StaffAccount[]> {
    const rows = await listStaff(this.deps.db);
    return rows.map((row) => ({
      ...profileOf(row),
      active: row.active,
      enrolled: row.totpConfirmedAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The account enrols a new authenticator at its next sign-in; its sessions end now. */
  async resetAuthenticator(id: number, reason: string, by: ChangedBy): Promise<void> {
    await this.change(id, reason, by, 'staff.reset-authenticator', async (tx, row) => {
      await updateStaff(tx, id, {
        totpSealed: null,
        totpKeyId: null,
        totpConfirmedAt: null,
        totpLastStep: null,
      });
      return { before: { enrolled: row.totpConfirmedAt !== null }, after: { enrolled: false } };
    });
  }

  /** Deactivated staff cannot sign in and their sessions end; reactivated ones can again. */
  async setActive(id: number, active: boolean, reason: string, by: ChangedBy): Promise<void> {
    const action = active ? 'staff.reactivate' : 'staff.deactivate';
    await this.change(id, reason, by, action, async (tx, row) => {
      if (by.actor?.id === id && !active) throw new DomainError('FORBIDDEN');
      await updateStaff(tx, id, { active });
      return { before: { active: row.active }, after: { active } };
    });
  }

  private async change(
    id: number,
    reason: string,
    by: ChangedBy,
    action: string,
    apply: (
      tx: Db,
      row: NonNullable<Awaited<ReturnType<typeof findStaffById>>>,
    ) => Promise<{ before: unknown; after: unknown }>,
  ): Promise<void> {
    const { db, audit, now } = this.deps;
    await db.transaction(async (tx) => {
      const row = await findStaffById(tx, id);
      if (!row) throw new DomainError('NO_DATA');
      const { before, after } = await apply(tx, row);
      await revokeSessionsOf(tx, id, now());
      await audit.append(
        { ...by, action, target: `staff:${row.username}`, reason, before, after },
        tx,
      );
    });
  }

  /** The sandbox's demo staff (CONTRACT.md): made once, with a confirmed authenticator. */
  async ensureDemo(account: {
    username: string;
    name: string;
    role: StaffRole;
    password: string;
  }): Promise<void> {
    const { db, secrets, now } = this.deps;
    const existing = await findStaffByUsername(db, account.username);
    if (existing?.totpConfirmedAt) return;
    if (!existing) {
      await insertStaff(db, {
        username: account.username,
        name: account.name,
        role: account.role,
        passwordHash: await hashPassword(account.password),
      });
    }
    const row = await findStaffByUsername(db, account.username);
    if (!row) return;
    const { totpSealed, totpKeyId } = sealTotpSecret(secrets, row.id, newTotpSecret());
    await updateStaff(db, row.id, { totpSealed, totpKeyId, totpConfirmedAt: now() });
  }

  /**
   * The sandbox: a code a demo staff member's authenticator would show now, one the server has
   * not accepted yet (a code works once, so sign-ins in quick succession get the next step's).
   * Null when every step the server accepts now is used.
   */
  async sandboxCode(username: string): Promise<string | null> {
    const row = await findStaffByUsername(this.deps.db, username.toLowerCase());
    if (!row?.totpSealed) throw new DomainError('NO_DATA');
    const current = stepAt(this.deps.now());
    for (const step of [current - 1, current, current + 1]) {
      if (row.totpLastStep === null || step > row.totpLastStep) {
        return codeForStep(openTotpSecret(this.deps.secrets, row), step);
      }
    }
    return null;
  }

  /** The profile of an account (tests, the CLI). */
  async profile(username: string): Promise<StaffProfile | null> {
    const row = await findStaffByUsername(this.deps.db, username.toLowerCase());
    return row && profileOf(row);
  }
}
