/**
 * Whether the app can reach its server, for the offline screen (app/offline-screen.tsx): not when
 * the browser says it has no network, nor when a call got no answer and a probe of the server's
 * health gets none either. One call alone proves nothing (a proxy may drop one upload, a test may
 * refuse one path); any answer, whatever its status, proves the server is there.
 */

/** Answered by every process, at any address, whatever the switch, and never rate-limited. */
export const PROBE_PATH = '/api/health';
/** A network that swallows requests must not keep the retry button spinning for a minute. */
export const PROBE_TIMEOUT_MS = 8000;

let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let serverUnreachable = false;
let probing: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function setUnreachable(unreachable: boolean): void {
  if (serverUnreachable === unreachable) return;
  serverUnreachable = unreachable;
  notify();
}

/** True while the offline screen should show. */
export function isOffline(): boolean {
  return browserOffline || serverUnreachable;
}

/** Calls `listener` whenever `isOffline()` may have changed; answers a way to stop. */
export function onConnectivityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks the server's health once (a probe under way is shared): true when it answered. The
 * outcome is what `isOffline()` then says about the server.
 */
export function probeServer(): Promise<boolean> {
  probing ??= (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    try {
      await fetch(PROBE_PATH, { cache: 'no-store', signal: controller.signal });
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  })().then((reached) => {
    probing = null;
    setUnreachable(!reached);
    return reached;
  });
  return probing;
}

/** The API client: the server answered a call (any status). */
export function reportAnswer(): void {
  setUnreachable(false);
}

/** The API client: a call got no answer, so the server is asked whether it is there at all. */
export function reportNoAnswer(): void {
  void probeServer();
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    notify();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    notify();
    // Back on a network: the screen stays only if the server is still out of reach.
    if (serverUnreachable) void probeServer();
  });
}
