import { createInterface } from 'node:readline/promises';
import { CreateStaffSchema } from '@wallet/contract/staff';
import { ConfigError, loadConfig } from '../config';
import { AuditLog } from '../core/audit/audit';
import { StaffAccounts } from '../domains/staff/staff-accounts';
import { SecretKeyRing } from '../lib/secret-keys';
import { openServerDatabase } from './cli-database';

/**
 * Adds a staff account (docs/backoffice.md), the first admin among them:
 *
 *   npm run staff:add -w @wallet/server -- <username> "<display name>" [admin|finance|support|viewer]
 *   node apps/server/dist/staff-add.js <username> "<display name>" admin          (production)
 *
 * The role is `support` unless given. The password comes from STAFF_PASSWORD, or is asked for
 * (12 characters or more); the account enrols its authenticator at its first sign-in. The
 * database is the server's own (DATABASE_URL, else the embedded one under DATA_DIR, which the
 * server must not hold open). The audit log records the account as made by the command.
 */
const MIN_PASSWORD = 12;

async function main(): Promise<void> {
  const [username = '', name = '', role = 'support'] = process.argv.slice(2);
  const parsed = CreateStaffSchema.safeParse({ username, name: name || username, role });
  if (!parsed.success) {
    throw new Error(
      'usage: staff:add <username> "<display name>" [admin|finance|support|viewer] (a username of 3-50 letters, digits, . _ -)',
    );
  }
  const password = process.env.STAFF_PASSWORD ?? (await ask('Password: '));
  if (password.length < MIN_PASSWORD) {
    throw new Error(`the password must have ${MIN_PASSWORD} characters or more`);
  }
  const config = loadConfig(process.env);
  const database = await openServerDatabase(config);
  try {
    const accounts = new StaffAccounts({
      db: database.db,
      audit: new AuditLog(database.db),
      secrets: SecretKeyRing.open(config.gameSecretKeys),
      now: () => new Date(),
    });
    const made = await accounts.create(parsed.data, { actor: null, ip: 'cli' }, password);
    process.stdout.write(
      `staff account ${made.username} (${parsed.data.role}) added: it enrols an authenticator at its first sign-in\n`,
    );
  } finally {
    await database.close();
  }
}

async function ask(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim();
  } finally {
    prompt.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : error;
  process.stderr.write(`${String(message)}\n`);
  process.exit(1);
});
