import type { TransferService } from './transfer.service';

/**
 * Runs the transfer reconciler and the housekeeping (old idempotency keys, sessions and OTP
 * requests: removeStaleRows) on an interval in this process (docs/decisions/0030-ledger.md).
 * Many processes may run it at once: exactly-once comes from the conditional settle, not from
 * there being one runner. A run never overlaps the previous one in the same process.
 */
export function startReconciler(
  transfers: TransferService,
  housekeeping: () => Promise<unknown>,
  options: {
    intervalMs: number;
    graceMs: number;
    log: {
      error(object: object, message: string): void;
      info(object: object, message: string): void;
    };
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = Promise.all([transfers.reconcile(options.graceMs), housekeeping()])
      .then(([result]) => {
        if (result.settled > 0 || result.pending > 0)
          options.log.info(result, 'reconciled transfers');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'reconciler failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
