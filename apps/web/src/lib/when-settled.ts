import { firstScreenShown } from './next-paint';

/**
 * How long work waits at most for the page's first screen to be reported shown once the page
 * has loaded, and in all: a screen that marks none (no component called `useFirstScreen`), a tab
 * in the background (no paint) or a page whose load never ends must not keep the toast host and
 * the chat socket away for good. Counted from the load event, so a slow phone's first screen
 * still comes first.
 */
export const SETTLE_AFTER_LOAD_AT_THE_LATEST_MS = 10_000;
export const SETTLE_AT_THE_LATEST_MS = 30_000;

/**
 * Runs `work` once the page has loaded, its first screen is shown and the browser is idle, so
 * what it fetches (the toast host, the member's chat socket) never competes with the first
 * screen for the network or the main thread; or SETTLE_AFTER_LOAD_AT_THE_LATEST_MS after the
 * load event, or SETTLE_AT_THE_LATEST_MS after it was asked, whichever comes first. The load event alone is not enough: the member's home still waits for
 * its answers and lazy screens then, and the main thread is idle while it does. Answers a
 * function that cancels it.
 */
export function whenSettled(work: () => void): () => void {
  const cancelled = new AbortController();
  let cancelIdle = () => {};
  const timers: ReturnType<typeof setTimeout>[] = [];
  const after = (ms: number) =>
    new Promise((resolve) => {
      timers.push(setTimeout(resolve, ms));
    });
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) =>
          window.addEventListener('load', resolve, { once: true, signal: cancelled.signal }),
        );
  const stopTimers = () => {
    for (const timer of timers) clearTimeout(timer);
  };
  void Promise.race([
    Promise.all([loaded, firstScreenShown()]),
    loaded.then(() => after(SETTLE_AFTER_LOAD_AT_THE_LATEST_MS)),
    after(SETTLE_AT_THE_LATEST_MS),
  ]).then(() => {
    stopTimers();
    if (cancelled.signal.aborted) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(work, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(work, 1000);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelled.abort();
    stopTimers();
    cancelIdle();
  };
}
