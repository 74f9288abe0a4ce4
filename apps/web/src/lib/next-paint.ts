/**
 * Resolves once the browser has painted the frame it is preparing: a requestAnimationFrame
 * callback runs just before that paint, a task queued from it just after.
 *
 * For the lookups no first paint waits for (the site's name, whether the wheel runs, whether the
 * chat shows): a screen that starts them as it mounts sends them after its first frame is on
 * screen, so on a phone they do not share the first screen's round trips and main thread with
 * what it paints (docs/performance.md). A hidden tab paints nothing, so they wait until shown.
 */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** `ask`, sent once the frame the browser is preparing is painted: the lookups' query function. */
export function afterNextPaint<T>(ask: () => Promise<T>): () => Promise<T> {
  return async () => {
    await nextPaint();
    return ask();
  };
}
