import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { LedgerObserver } from '../core/ledger/ledger';
import {
  METRIC_PREFIX,
  meteredMethods,
  type ProviderCallOutcome,
  type ProviderKind,
  type ProviderMeter,
  type ProviderMeters,
} from '../lib/metrics';
import type { SmsSender } from '../providers/sms/sms-sender';
import { type MetricsSnapshot, registerGauges } from './metrics-gauges';

/** The route label of a request no route matched: one series for every unknown path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's own metrics (CPU, memory, event loop, GC), registered once per process: an app
 * built twice in one process (the tests) shares them rather than starting a second event-loop
 * monitor that nothing could stop.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/** Seconds; from a cached read (5 ms) to a provider's time-out (GAME_PROVIDER_TIMEOUT_MS). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One app's metrics (docs/observability.md lists them with their meaning). Labels are bounded
 * sets: route patterns, never raw URLs or ids; provider codes, currencies, queue names. The
 * counters are incremented where things happen; the gauges are read from `snapshot` when
 * Prometheus scrapes, so a process that restarts reports the truth at once.
 */
export class WalletMetrics implements ProviderMeters {
  private readonly registry = new Registry();
  private readonly http = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status code, by how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly ledgerTransactions = new Counter({
    name: `${METRIC_PREFIX}ledger_transactions_total`,
    help: 'Ledger transactions recorded by this process, by kind and currency',
    labelNames: ['kind', 'currency'] as const,
    registers: [this.registry],
  });
  private readonly ledgerAmounts = new Counter({
    name: `${METRIC_PREFIX}ledger_amount_minor_units_total`,
    help: 'Amounts of the ledger transactions recorded by this process, in minor units (hundredths of a baht or kip)',
    labelNames: ['kind', 'currency'] as const,
    registers: [this.registry],
  });
  private readonly ledgerSettlements = new Counter({
    name: `${METRIC_PREFIX}ledger_settlements_total`,
    help: 'Pending ledger transactions (transfers, withdrawals) this process settled, by outcome',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  private readonly providerCalls = new Counter({
    name: `${METRIC_PREFIX}provider_calls_total`,
    help: 'Calls to outside systems by kind, provider and outcome (ok, fail, timeout)',
    labelNames: ['kind', 'provider', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly providerLatency = new Histogram({
    name: `${METRIC_PREFIX}provider_call_duration_seconds`,
    help: 'How long calls to outside systems took, by kind and provider',
    labelNames: ['kind', 'provider'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: `${METRIC_PREFIX}job_failures_total`,
    help: 'Job runs that failed in this process, by queue (a one-off job is retried)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly smsSent = new Counter({
    name: `${METRIC_PREFIX}sms_sent_total`,
    help: 'SMS messages the gateway accepted from this process, by kind (otp, password)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /**
   * Series by their label values, made once: a hot path then skips prom-client's reading and
   * checking of the labels (about a third of an observation's cost).
   */
  private readonly httpSeries = new Map<string, Histogram.Internal<string>>();
  private readonly ledgerSeries = new Map<string, (amount: number) => void>();
  private readonly meters = new Map<string, ProviderMeter>();

  /** Called as a scrape begins: its gauges then share one fresh read of the snapshot. */
  private readonly freshScrape: () => void;

  constructor(snapshot: () => Promise<MetricsSnapshot | null>) {
    // Now, so that the process's CPU time is counted from the start, not from the first scrape.
    processMetrics();
    this.freshScrape = registerGauges(this.registry, snapshot);
  }

  /** The exposition text of the process's and this app's metrics, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    this.freshScrape();
    const parts = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return { text: parts.join('\n'), contentType: this.registry.contentType };
  }

  /** Every metric's name with its type (the alert rules' test checks them). */
  async names(): Promise<{ name: string; type: string }[]> {
    this.freshScrape();
    const all = [
      ...(await processMetrics().getMetricsAsJSON()),
      ...(await this.registry.getMetricsAsJSON()),
    ];
    return all.map((metric) => ({ name: metric.name, type: String(metric.type) }));
  }

  request(method: string, route: string | undefined, status: number, seconds: number): void {
    const key = `${method} ${route ?? UNMATCHED_ROUTE} ${status}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      series = this.http.labels(method, route ?? UNMATCHED_ROUTE, String(status));
      this.httpSeries.set(key, series);
    }
    series.observe(seconds);
  }

  /** Counts the ledger's movements (core/ledger/ledger.ts, `observe`). */
  readonly ledger: LedgerObserver = {
    recorded: ({ type, currency, amount }) => {
      const key = `${type} ${currency}`;
      let count = this.ledgerSeries.get(key);
      if (!count) {
        const transactions = this.ledgerTransactions.labels(type, currency);
        const amounts = this.ledgerAmounts.labels(type, currency);
        count = (moved) => {
          transactions.inc();
          amounts.inc(moved);
        };
        this.ledgerSeries.set(key, count);
      }
      count(amount);
    },
    settled: (status) => this.ledgerSettlements.labels(status).inc(),
  };

  meter(kind: ProviderKind, provider: string): ProviderMeter {
    const key = `${kind} ${provider}`;
    let meter = this.meters.get(key);
    if (!meter) {
      const latency = this.providerLatency.labels(kind, provider);
      const outcomes = {
        ok: this.providerCalls.labels(kind, provider, 'ok'),
        fail: this.providerCalls.labels(kind, provider, 'fail'),
        timeout: this.providerCalls.labels(kind, provider, 'timeout'),
      } satisfies Record<ProviderCallOutcome, unknown>;
      meter = (outcome, seconds) => {
        outcomes[outcome].inc();
        latency.observe(seconds);
      };
      this.meters.set(key, meter);
    }
    return meter;
  }

  jobFailed(queue: string): void {
    this.jobFailures.labels(queue).inc();
  }

  /** `sender` with each message counted by kind once the gateway took it, and metered as a call. */
  meteredSms(sender: SmsSender): SmsSender {
    const calls = meteredMethods(sender, ['sendOtp', 'sendPassword'], this.meter('sms', 'sms'));
    const otp = this.smsSent.labels('otp');
    const password = this.smsSent.labels('password');
    return {
      sendOtp: async (message) => {
        await calls.sendOtp(message);
        otp.inc();
      },
      sendPassword: async (message) => {
        await calls.sendPassword(message);
        password.inc();
      },
    };
  }
}
