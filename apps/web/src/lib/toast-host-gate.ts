/**
 * The toast host loads once the page has settled (app/providers.tsx), but a toast must never
 * wait for that: the first toast asks for the host at once, so an error shows even while the
 * first screen is still loading, or when the page never settles (lib/when-settled.ts).
 */
let wanted = false;
const listeners = new Set<() => void>();

/** Called by every toast (lib/alerts.ts) before it is shown. */
export function wantToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

/** Calls `listener` once a toast wants the host (at once if one has); answers a way to stop. */
export function onToastHostWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
