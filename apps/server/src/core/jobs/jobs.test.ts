import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { createPostgresDatabase, describeOnDatabases } from '../../test/databases';
import { describeWith } from '../../test/services';
import { Jobs } from './jobs';

/** The engine's own errors (none expected); the work's failures are the tests' business. */
const log = { error: (object: object, message: string) => console.error(message, object) };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, up to `ms`. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(100);
}

describeOnDatabases('work that finishes later', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  const running: Jobs[] = [];
  const jobs = () => {
    const made = new Jobs(database, log);
    running.push(made);
    return made;
  };

  beforeAll(async () => {
    ({ database, drop } = await target.create());
  });
  afterAll(async () => {
    for (const each of running) await each.stop();
    await drop?.();
  });

  it('runs a job once, with its data, not before it is due', async () => {
    const engine = jobs();
    const seen: { at: number; data: { qr: string } }[] = [];
    await engine.work<{ qr: string }>('test.due', async (data) => {
      seen.push({ at: Date.now(), data });
    });
    const sent = Date.now();
    await engine.send('test.due', { qr: 'QR-1' }, { afterMs: 2000 });
    await until(() => seen.length > 0, 8000);
    await sleep(1500);
    expect(seen.map((s) => s.data)).toEqual([{ qr: 'QR-1' }]);
    expect(seen[0]?.at ?? 0).toBeGreaterThanOrEqual(sent + 1000);
  });

  it('runs a failing job again until it succeeds', async () => {
    const engine = jobs();
    let attempts = 0;
    await engine.work(
      'test.flaky',
      async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('the provider did not answer');
      },
      { retryLimit: 5, retryDelaySeconds: 1 },
    );
    await engine.send('test.flaky', {});
    await until(() => attempts >= 3, 15_000);
    await sleep(2500);
    expect(attempts).toBe(3);
  });

  it('tells its failure listeners of each failed run, by queue', async () => {
    const engine = jobs();
    const failures: string[] = [];
    engine.onFailure((queue) => failures.push(queue));
    let attempts = 0;
    await engine.work(
      'test.failing',
      async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('the verifier did not answer');
      },
      { retryLimit: 5, retryDelaySeconds: 1 },
    );
    await engine.send('test.failing', {});
    await until(() => attempts >= 3, 15_000);
    expect(failures).toEqual(['test.failing', 'test.failing']);
  });

  it('counts the jobs due and not yet taken per queue, not those due later', async () => {
    const engine = jobs();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    await engine.work('test.backlog', async () => {
      started += 1;
      await gate;
    });
    const depth = async () =>
      (await engine.queueDepths()).find((q) => q.queue === 'test.backlog')?.depth ?? 0;
    for (let i = 0; i < 3; i++) await engine.send('test.backlog', { i });
    await engine.send('test.backlog', { later: true }, { afterMs: 60_000 });
    await until(() => started === 1, 8000);
    // One taken by the worker (held at the gate), two waiting; the fourth is not due yet.
    expect(await depth()).toBe(2);
    release();
    await until(() => started === 3, 8000);
    await sleep(500);
    expect(await depth()).toBe(0);
    // A process that has not started its engine reports nothing rather than starting it.
    await expect(new Jobs(database, log).queueDepths()).resolves.toEqual([]);
  });

  it('keeps a job across a restart: what one process sent, the next one runs', async () => {
    const before = jobs();
    await before.work('test.restart', async () => {
      throw new Error('this process must not run it');
    });
    await before.send('test.restart', { slip: 7 }, { afterMs: 3000 });
    await before.stop();

    const after = jobs();
    const seen: unknown[] = [];
    await after.work('test.restart', async (data) => {
      seen.push(data);
    });
    await until(() => seen.length > 0, 10_000);
    expect(seen).toEqual([{ slip: 7 }]);
  });

  it('runs recurring work again and again', async () => {
    const engine = jobs();
    let runs = 0;
    await engine.every('test.every', 1000, async () => {
      runs += 1;
    });
    await until(() => runs >= 3, 15_000);
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});

/**
 * Several server processes on one PostgreSQL: two engines, each with its own connection pool.
 * PGlite is one process by nature, so this is PostgreSQL only.
 */
describeWith('postgres', 'work that finishes later, across processes on postgres', (adminUrl) => {
  let drop: () => Promise<void>;
  const databases: Database[] = [];
  const engines: Jobs[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase(adminUrl);
    drop = created.drop;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 4 });
      databases.push(database);
      engines.push(new Jobs(database, log));
    }
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it('hands each job to one worker, and recurring work to one process at a time', async () => {
    const handled = new Map<number, number>();
    let active = 0;
    let overlapped = false;
    let runs = 0;
    for (const engine of engines) {
      await engine.work<{ n: number }>(
        'test.shared',
        async ({ n }) => {
          handled.set(n, (handled.get(n) ?? 0) + 1);
        },
        { concurrency: 3 },
      );
      await engine.every('test.single', 1000, async () => {
        active += 1;
        if (active > 1) overlapped = true;
        runs += 1;
        await sleep(400);
        active -= 1;
      });
    }
    const [first] = engines;
    for (let n = 0; n < 60; n++) await first?.send('test.shared', { n });
    await until(() => handled.size === 60 && runs >= 4, 30_000);
    expect(handled.size).toBe(60);
    expect([...handled.values()].every((count) => count === 1)).toBe(true);
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(overlapped).toBe(false);
  });
});
