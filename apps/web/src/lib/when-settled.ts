import { firstScreenShown } from './next-paint';

/**
 * Runs `work` once the page has loaded, its first screen is shown and the browser is idle, so
 * what it fetches (the toast host, the member's chat socket) never competes with the first
 * screen for the network or the main thread. The load event alone is not enough: the member's
 * home still waits for its answers and lazy screens then, and the main thread is idle while it
 * does. Answers a function that cancels it.
 */
export function whenSettled(work: () => void): () => void {
  const cancelled = new AbortController();
  let cancelIdle = () => {};
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) =>
          window.addEventListener('load', resolve, { once: true, signal: cancelled.signal }),
        );
  void Promise.all([loaded, firstScreenShown()]).then(() => {
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
    cancelIdle();
  };
}
