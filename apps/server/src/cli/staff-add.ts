import { createInterface } from 'node:readline/promises';
import { StaffLoginSchema } from '@wallet/contract/backoffice';
import { ConfigError, loadConfig } from '../config';
import { signInLimitsOf } from '../domains/auth/sign-in-throttle';
import { StaffService } from '../domains/staff/staff.service';
import { MemoryCounterStore } from '../lib/counter-store';
import { openServerDatabase } from './cli-database';

/**
 * Adds a support staff account (docs/decisions/0044-chat.md):
 *
 *   npm run staff:add -w @wallet/server -- <username> "<display name>"
 *   node apps/server/dist/staff-add.js <username> "<display name>"     (production)
 *
 * The password comes from STAFF_PASSWORD, or is asked for. The database is the server's own
 * (DATABASE_URL, else the embedded one under DATA_DIR, which the server must not hold open).
 */
async function main(): Promise<void> {
  const [username = '', ...nameParts] = process.argv.slice(2);
  const name = nameParts.join(' ').trim() || username;
  const password = process.env.STAFF_PASSWORD ?? (await ask('Password: '));
  const parsed = StaffLoginSchema.safeParse({ username, password });
  if (!parsed.success || password.length < 8 || name.length > 100) {
    throw new Error(
      'usage: staff:add <username> "<display name>" (password of 8 characters or more)',
    );
  }
  const config = loadConfig(process.env);
  const database = await openServerDatabase(config);
  try {
    const staff = new StaffService({
      db: database.db,
      counters: new MemoryCounterStore(),
      sessionTtlHours: config.sessionTtlHours,
      signInLimits: signInLimitsOf(config.rateLimits),
      now: () => new Date(),
    });
    const made = await staff.create({ username: parsed.data.username, name, password });
    if (!made) throw new Error(`the username ${parsed.data.username} is taken`);
    process.stdout.write(`staff account ${made.username} (${made.name}) added\n`);
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
