import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashLoad, crashServer, moneyProblems, seedMembers } from '../../test/crash-load';
import { createPostgresDatabase } from '../../test/databases';
import type { ServerProcess } from '../../test/server-process';
import { describeWith } from '../../test/services';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const MEMBERS = 6;
const GRANT = 1000;
const KILLS = 3;

/**
 * Issue 16 (docs/decisions/0036): the real server on PostgreSQL, SIGKILLed a few times while
 * members move money with keyed requests; every request cut by a kill is retried with its key
 * once the server is back. Every request must end with a definite answer, and the money must
 * still be whole: the ledger balances, each member holds what they were given, the game
 * provider's books agree with ours. The longer run, which also kills the database, is
 * bench/crash.ts.
 */
describeWith('postgres', 'money requests across server crashes on postgres', (adminUrl) => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl);
    server = crashServer({
      command: ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
      cwd: serverRoot,
      databaseUrl: database.url,
      port: 20_000 + Math.floor(Math.random() * 20_000),
    });
    await server.start();
  }, 90_000);

  afterAll(async () => {
    server?.kill();
    await database?.drop();
  });

  it('gives every request a definite answer and keeps every satang where it belongs', async () => {
    const tokens = await seedMembers(server, database.url, MEMBERS, GRANT);
    const run = await crashLoad({
      server,
      databaseUrl: database.url,
      tokens,
      retryForMs: 60_000,
      async crashes() {
        for (let k = 0; k < KILLS; k++) {
          await new Promise((r) => setTimeout(r, 400 + Math.random() * 400));
          server.kill();
          await server.start();
        }
      },
    });
    console.log(
      `crash test: ${run.cut} requests cut by ${KILLS} kills, ${run.cutAfterClaim} of them claimed`,
    );
    expect(run.cut).toBeGreaterThan(0); // the kills did cut requests
    expect(run.unanswered).toBe(0);
    expect(run.faults).toBe(0);
    expect(await moneyProblems(database.url, MEMBERS, GRANT * 100)).toEqual([]);
  }, 180_000);
});
