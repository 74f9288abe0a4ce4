import { useEffect } from 'react';

/**
 * For the lookups no first paint waits for (the site's name, whether the wheel runs, whether the
 * chat shows): a screen that starts them as it mounts sends them once its frame is on screen, so
 * on a phone they do not share the first screen's round trips and main thread with what it
 * paints (docs/performance.md). Every wait here fails open: a tab in the background runs no
 * animation frame and reports no paint, so a timer lets the lookups go all the same.
 */

/** How long to wait for an animation frame: a hidden tab runs none, but its timers still fire. */
export const FRAME_WAIT_MS = 1000;

/** Resolves once the browser has painted the frame it is preparing (its main thread's part). */
function framePainted(): Promise<number> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(performance.now()), FRAME_WAIT_MS);
    // A requestAnimationFrame callback runs just before that paint, a task queued from it after.
    requestAnimationFrame((frameStart) =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve(frameStart);
      }, 0),
    );
  });
}

/**
 * How long the page's first screen may take from its frame's paint to the browser's report that
 * it is shown. The frame still goes through the compositor (raster, the screen's images) after
 * the main thread has painted it: about 100 ms on a slow machine here (docs/performance.md).
 */
export const FIRST_SCREEN_SHOWN_WAIT_MS = 500;

/**
 * Resolves once the browser reports a largest paint that began at or after `frameStart`, i.e. the
 * first screen's frame has been shown (the Largest Contentful Paint API times an entry by the
 * frame's presentation), or after FIRST_SCREEN_SHOWN_WAIT_MS: a screen whose largest element is
 * no larger than what was already shown gets no entry, nor does a browser without the API.
 */
function largestPaintShown(frameStart: number): Promise<void> {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= frameStart)) done();
    });
    const timer = setTimeout(done, FIRST_SCREEN_SHOWN_WAIT_MS);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * The page's first screen, shown: started by the first `nextPaint()`, and every lookup of that
 * screen waits for this one promise.
 */
let startFirstScreen = () => {};
let firstScreenDone = false;
const firstScreen = new Promise<void>((resolve) => {
  startFirstScreen = resolve;
})
  .then(framePainted)
  .then(largestPaintShown)
  .finally(() => {
    firstScreenDone = true;
  });

/**
 * Resolves once the frame the browser is preparing is painted; on the page's first screen, once
 * that frame is shown: the first screen's own paint is the one worth waiting for, and the only
 * one the browser reports (largest paints are reported until the member's first input).
 */
export function nextPaint(): Promise<void> {
  if (firstScreenDone) return framePainted().then(() => undefined);
  startFirstScreen();
  return firstScreen;
}

/**
 * Resolves once the page's first screen is shown: the first `nextPaint()` has resolved. The
 * router's root marks its first commit (`useFirstScreen`), so every page has one; the work that
 * waits for the page to settle waits for this too, or for its own time limit when no screen
 * marks this (lib/when-settled.ts). In a tab opened in the background the frame's and the
 * report's waits run out instead (FRAME_WAIT_MS, FIRST_SCREEN_SHOWN_WAIT_MS).
 */
export function firstScreenShown(): Promise<void> {
  return firstScreen;
}

/**
 * Marks the page's first screen: called by what the router's root renders once its first
 * navigation has ended (its layout, or its error page), so that screen's frame is the one
 * `firstScreenShown` waits for even when the screen starts no lookup. Later commits change
 * nothing; the lookups a screen starts, in its children's effects, run first and share the frame.
 */
export function useFirstScreen(): void {
  useEffect(() => {
    void nextPaint();
  }, []);
}

/** `ask`, sent once the frame the browser is preparing is painted: the lookups' query function. */
export function afterNextPaint<T>(ask: () => Promise<T>): () => Promise<T> {
  return async () => {
    await nextPaint();
    return ask();
  };
}
