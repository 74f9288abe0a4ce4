import { currencies } from '@wallet/contract/constants';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { numberFromInt8, rows } from '../db/statement';
import { METRIC_PREFIX } from '../lib/metrics';

/** What the gauges show, read at scrape time. */
export type MetricsSnapshot = {
  heldTransfers: { currency: string; count: number; amount: number; oldestSeconds: number }[];
  waitingWithdrawals: {
    currency: string;
    stage: 'staff' | 'payout';
    count: number;
    amount: number;
    oldestSeconds: number;
  }[];
  queues: { queue: string; depth: number }[];
  sockets: { kind: string; count: number }[];
  smsBudget: { used: number; perHour: number };
};

type Pending = { currency: string; count: number; amount: unknown; oldest: unknown };

/**
 * What the gauges show, read when Prometheus scrapes (docs/observability.md). Each read is one
 * small query on a partial index: the processing transactions (ledger_transactions_processing_idx)
 * and pg-boss's waiting jobs. The sockets are this process's own; the rest is the database's,
 * the same from every process.
 */
export async function readSnapshot(app: FastifyInstance): Promise<MetricsSnapshot> {
  const { db } = app;
  const [held, withdrawals, queues, smsUsed] = await Promise.all([
    rows<Pending>(
      db,
      sql`select currency, count(*)::int as count, sum(amount) as amount,
            extract(epoch from now() - min(created_at)) as oldest
          from ledger_transactions where type = 'transfer' and status = 'processing'
          group by currency`,
    ),
    // A withdrawal above the approval threshold waits for staff; any other (or one approved)
    // waits for the payout provider's outcome.
    rows<Pending & { stage: 'staff' | 'payout' }>(
      db,
      sql`select t.currency,
            case when r.transaction_id is null then 'payout' else 'staff' end as stage,
            count(*)::int as count, sum(t.amount) as amount,
            extract(epoch from now() - min(t.created_at)) as oldest
          from ledger_transactions t
          left join withdrawal_reviews r on r.transaction_id = t.id and r.status = 'waiting'
          where t.type = 'withdraw' and t.status = 'processing'
          group by 1, 2`,
    ),
    app.jobs.queueDepths(),
    app.hasDecorator('otp') ? app.otp.smsSentThisHour() : Promise.resolve(0),
  ]);
  const pending = (row: Pending) => ({
    currency: row.currency,
    count: row.count,
    amount: numberFromInt8(row.amount),
    oldestSeconds: Math.max(0, Number(row.oldest)),
  });
  return {
    heldTransfers: held.map(pending),
    waitingWithdrawals: withdrawals.map((row) => ({ ...pending(row), stage: row.stage })),
    queues,
    sockets: socketsByKind(app),
    smsBudget: { used: smsUsed, perHour: app.config.rateLimits.otpSmsPerHour },
  };
}

/** This process's chat sockets by who opened them (ChatGateway's SocketIdentity). */
function socketsByKind(app: FastifyInstance): MetricsSnapshot['sockets'] {
  const counts = new Map<string, number>([
    ['member', 0],
    ['guest', 0],
    ['staff', 0],
  ]);
  if (app.hasDecorator('chatGateway')) {
    for (const socket of app.chatGateway.io.of('/').sockets.values()) {
      const kind = socket.data.kind;
      if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return [...counts].map(([kind, count]) => ({ kind, count }));
}

/**
 * The gauges, filled from `read` when Prometheus scrapes. A currency with nothing pending shows
 * 0 rather than no series, so an alert sees it fall back; when the read fails the gauges show
 * nothing (the failure is logged where it is read). Answers the function a scrape calls first:
 * every gauge of that scrape then shares one fresh read.
 */
export function registerGauges(
  registry: Registry,
  read: () => Promise<MetricsSnapshot | null>,
): () => void {
  let scrape: Promise<MetricsSnapshot | null> | null = null;
  const snapshot = () => {
    scrape ??= read();
    return scrape;
  };
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (gauge: Gauge<L>, s: MetricsSnapshot) => void,
  ) =>
    new Gauge<L>({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) fill(this, s);
      },
    });
  const perCurrency = <R extends { currency: string }>(
    g: Gauge<'currency'>,
    found: R[],
    value: (row: R) => number,
  ) => {
    for (const currency of currencies) g.set({ currency }, 0);
    for (const row of found) g.set({ currency: row.currency }, value(row));
  };
  gauge(
    'transfers_held',
    'Transfers to or from a game held while the provider outcome is unknown',
    ['currency'],
    (g, s) => perCurrency(g, s.heldTransfers, (r) => r.count),
  );
  gauge(
    'transfers_held_amount_minor_units',
    'Money held by those transfers, in minor units',
    ['currency'],
    (g, s) => perCurrency(g, s.heldTransfers, (r) => r.amount),
  );
  gauge(
    'transfers_held_oldest_seconds',
    'Age of the oldest held transfer (0 when none)',
    ['currency'],
    (g, s) => perCurrency(g, s.heldTransfers, (r) => r.oldestSeconds),
  );
  const perStage = (
    g: Gauge<'currency' | 'stage'>,
    s: MetricsSnapshot,
    value: (row: MetricsSnapshot['waitingWithdrawals'][number]) => number,
  ) => {
    for (const currency of currencies) {
      for (const stage of ['staff', 'payout']) g.set({ currency, stage }, 0);
    }
    for (const row of s.waitingWithdrawals)
      g.set({ currency: row.currency, stage: row.stage }, value(row));
  };
  gauge(
    'withdrawals_waiting',
    'Withdrawals not yet paid out: waiting for staff, or sent to the payout provider',
    ['currency', 'stage'],
    (g, s) => perStage(g, s, (r) => r.count),
  );
  gauge(
    'withdrawals_waiting_amount_minor_units',
    'Money held by those withdrawals, in minor units',
    ['currency', 'stage'],
    (g, s) => perStage(g, s, (r) => r.amount),
  );
  gauge(
    'withdrawals_waiting_oldest_seconds',
    'Age of the oldest of those withdrawals (0 when none)',
    ['currency', 'stage'],
    (g, s) => perStage(g, s, (r) => r.oldestSeconds),
  );
  gauge(
    'job_queue_depth',
    'Jobs due and not yet taken by a worker, by queue (all processes)',
    ['queue'],
    (g, s) => {
      for (const { queue, depth } of s.queues) g.set({ queue }, depth);
    },
  );
  gauge(
    'socket_connections',
    "This process's chat sockets, by who opened them (member, guest, staff)",
    ['kind'],
    (g, s) => {
      for (const { kind, count } of s.sockets) g.set({ kind }, count);
    },
  );
  gauge(
    'sms_budget_used',
    'OTP messages sent in the current hour of the budget (OTP_SMS_PER_HOUR)',
    [],
    (g, s) => g.set(s.smsBudget.used),
  );
  gauge(
    'sms_budget_per_hour',
    'OTP messages the service may send per hour (OTP_SMS_PER_HOUR)',
    [],
    (g, s) => g.set(s.smsBudget.perHour),
  );
  return () => {
    scrape = null;
  };
}
