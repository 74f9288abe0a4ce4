/**
 * What code that calls outside systems needs of the metrics (docs/observability.md), without
 * knowing Prometheus: a meter per provider that takes each call's outcome and duration. The
 * registry behind it is the metrics plugin's (plugins/metrics-registry.ts).
 */

/** Every metric's name starts with this (docs/observability.md). */
export const METRIC_PREFIX = 'wallet_';

/** `fail`: a refusal or an error; `timeout`: the call's deadline passed first. */
export type ProviderCallOutcome = 'ok' | 'fail' | 'timeout';

/** The outside systems the wallet calls, the `kind` label of the provider metrics. */
export type ProviderKind = 'game' | 'qr' | 'slip' | 'sms' | 'truemoney' | 'payout';

/** Records one call: how it ended and how long it took, in seconds. */
export type ProviderMeter = (outcome: ProviderCallOutcome, seconds: number) => void;

export interface ProviderMeters {
  /** The meter of one provider (a game provider's code, a QR provider's code, `sms`, …). */
  meter(kind: ProviderKind, provider: string): ProviderMeter;
}

/** Seconds since `startedAt`, a `performance.now()` reading. */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}

/**
 * The methods `names` of `target`, each call timed and counted by `meter` (`fail` when it
 * throws): for adapters whose calls take no deadline (SMS, TrueMoney, payouts).
 */
export function meteredMethods<T extends object, K extends keyof T>(
  target: T,
  names: readonly K[],
  meter: ProviderMeter,
): Pick<T, K> {
  const metered = {} as Pick<T, K>;
  for (const name of names) {
    const method = target[name];
    if (typeof method !== 'function') throw new TypeError(`${String(name)} is not a method`);
    metered[name] = (async (...args: unknown[]) => {
      const startedAt = performance.now();
      try {
        const value: unknown = await method.apply(target, args);
        meter('ok', secondsSince(startedAt));
        return value;
      } catch (error) {
        meter('fail', secondsSince(startedAt));
        throw error;
      }
    }) as T[K];
  }
  return metered;
}
