/**
 * Runs `work` once the page has loaded and the browser is idle, so what it fetches (the toast
 * host, the member's chat socket) never competes with the first screen for the
 * network or the main thread. Answers a function that cancels it.
 */
export function whenSettled(work: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(work, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(work, 1000);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}
