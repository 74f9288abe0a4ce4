import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { sqlState } from '../../db/pg-errors';
import type { Log } from '../../lib/log';

/** SQLSTATE 40P01: two processes creating one queue at the same moment deadlock in pg-boss. */
const DEADLOCK = '40P01';

export type QueueOptions = {
  /** Attempts after the first when the work throws (default 5), this far apart (default 15 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a started job may run before it counts as abandoned and is retried (default 5 min). */
  expireInSeconds?: number;
};

/**
 * The one way to run work that finishes later (docs/decisions/0039-jobs.md): a QR waiting to be
 * paid or to expire, a slip waiting for verification, the transfer reconciler and every other
 * periodic sweep, the housekeeping included. pg-boss 10 keeps the jobs in the app's own database
 * (PGlite or PostgreSQL, schema `jobs`), so a job sent survives a restart, and it hands each job
 * to one worker across every server process (`FOR UPDATE SKIP LOCKED`). A job's work must be
 * safe to run again: a process that dies mid-job leaves it to be retried once it expires.
 *
 * The engine starts with the first queue a process registers or job it sends. Every server
 * process registers the workers of the jobs requests send (a slip's verification) whatever
 * RECONCILE_INTERVAL_MS says; that setting only turns the periodic work (`every`) on or off.
 */
export class Jobs {
  private engine: Promise<PgBoss> | null = null;
  private readonly created = new Map<string, Promise<void>>();
  /** This process's work in progress, awaited by `stop` however long it takes. */
  private readonly running = new Set<Promise<void>>();
  private readonly failureListeners: ((queue: string) => void)[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: Pick<Log, 'error'>,
  ) {}

  private boss(): Promise<PgBoss> {
    this.engine ??= this.start().catch((error: unknown) => {
      // Processes starting together race to install pg-boss's schema: its own lock lets one
      // install it and the others' scripts fail (the pool drops their connections). The
      // schema is there by then, so one more start goes through.
      this.log.error({ err: error }, 'job engine start failed, starting again');
      return this.start();
    });
    return this.engine;
  }

  private async start(): Promise<PgBoss> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      schema: 'jobs',
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job engine'));
    await boss.start();
    return boss;
  }

  /** Throws unless the engine is started and its tables answer (GET /ready). */
  async reachable(): Promise<void> {
    const boss = await this.boss();
    if (!(await boss.isInstalled())) throw new Error('the job engine is not installed');
  }

  /** Creates the queue once per process; a race with another process's creation is retried. */
  private queue(name: string, options: PgBoss.Queue): Promise<void> {
    let created = this.created.get(name);
    if (!created) {
      created = (async () => {
        const boss = await this.boss();
        for (let attempt = 1; ; attempt++) {
          try {
            await boss.createQueue(name, options);
            return;
          } catch (error) {
            if (sqlState(error) !== DEADLOCK || attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          }
        }
      })();
      this.created.set(name, created);
    }
    return created;
  }

  /**
   * Registers the work of one-off jobs named `name`, each run once (again on failure, by
   * `options`), by one worker of one process, up to `concurrency` at a time in this process.
   */
  async work<T extends object>(
    name: string,
    work: (data: T, attempt: { final: boolean }) => Promise<void>,
    options: QueueOptions & { concurrency?: number } = {},
  ): Promise<void> {
    await this.declare(name, options);
    const boss = await this.boss();
    // One job per fetch, so that one failing job fails alone; several workers for concurrency.
    // With its metadata, so the work knows its last attempt (`final`).
    for (let i = 0; i < (options.concurrency ?? 1); i++) {
      await boss.work<T>(
        name,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const run = work(job.data, { final: job.retryCount >= job.retryLimit });
          await this.track(run).catch((error: unknown) => {
            this.failed(name);
            throw error;
          });
        },
      );
    }
  }

  /** Creates the queue `name` with its retries, once per process. */
  private declare(name: string, options: QueueOptions = {}): Promise<void> {
    return this.queue(name, {
      name,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? 15,
      expireInSeconds: options.expireInSeconds ?? 300,
    });
  }

  /** Sends a job to the queue `name` (registered with `work`), run after `afterMs` (at once by default). */
  async send(name: string, data: object, options: { afterMs?: number } = {}): Promise<void> {
    const boss = await this.boss();
    await boss.send(
      name,
      data,
      options.afterMs ? { startAfter: Math.ceil(options.afterMs / 1000) } : {},
    );
  }

  /**
   * Runs `work` every `intervalMs`, by one process at a time whatever the number of server
   * processes on this database: the queue holds at most one waiting run (pg-boss's `short`
   * policy), which one worker takes. The run queues the next one before it works, so a process
   * that dies mid-run does not stop the chain; a schedule every minute queues one should the
   * chain ever break (a process killed between taking a run and queuing the next), and every
   * process queues one as it starts. Runs overlap only if one outlasts the interval, so `work`
   * must be safe to run twice at once (the reconciler's settles are conditional). A run that
   * fails is logged; the next one comes as usual.
   */
  async every(name: string, intervalMs: number, work: () => Promise<void>): Promise<void> {
    // pg-boss lets a run last under 24 hours.
    const expireInSeconds = Math.min(23 * 3600, Math.max(60, Math.ceil((4 * intervalMs) / 1000)));
    await this.queue(name, { name, policy: 'short', retryLimit: 0, expireInSeconds });
    const boss = await this.boss();
    const pollingIntervalSeconds = Math.min(2, Math.max(0.5, intervalMs / 1000));
    await boss.work(name, { batchSize: 1, pollingIntervalSeconds }, () =>
      this.track(
        (async () => {
          await boss.send(name, {}, { startAfter: Math.ceil(intervalMs / 1000) });
          try {
            await work();
          } catch (error) {
            this.failed(name);
            this.log.error({ err: error, job: name }, 'scheduled job failed');
          }
        })(),
      ),
    );
    await boss.schedule(name, '* * * * *');
    await boss.send(name, {});
  }

  /** Calls `listener` with the queue's name each time a job's work throws (the metrics). */
  onFailure(listener: (queue: string) => void): void {
    this.failureListeners.push(listener);
  }

  private failed(queue: string): void {
    for (const listener of this.failureListeners) listener(queue);
  }

  /**
   * Jobs due and not yet taken, per queue, across every process on this database (the metrics'
   * queue depth): one count on pg-boss's partial index of waiting jobs, with 0 for the queues this
   * process made and nothing waits in. Empty until this process has started the engine, which
   * every process does as it registers its queues.
   */
  async queueDepths(): Promise<{ queue: string; depth: number }[]> {
    if (!this.engine) return [];
    await this.engine;
    const depths = new Map([...this.created.keys()].map((queue) => [queue, 0]));
    const { rows } = await this.database.executeSql(
      `select name, count(*)::int as depth from jobs.job
       where state < 'active' and start_after <= now() and name not like '\\_\\_pgboss%'
       group by name`,
      [],
    );
    for (const row of rows as { name: string; depth: number }[]) depths.set(row.name, row.depth);
    return [...depths].map(([queue, depth]) => ({ queue, depth }));
  }

  private track(work: Promise<void>): Promise<void> {
    this.running.add(work);
    const done = () => this.running.delete(work);
    work.then(done, done);
    return work;
  }

  /**
   * Stops this process's workers and lets running jobs finish. pg-boss waits up to 10 s; work
   * still running then (a slow sweep on a busy machine) is awaited too, and pg-boss given a turn
   * to record its end, so nothing reaches the database after its owner closes it.
   */
  async stop(): Promise<void> {
    if (!this.engine) return;
    const boss = await this.engine;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await Promise.allSettled([...this.running]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
