import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The page's first screen, shown when the test says so. */
let showFirstScreen: () => void = () => {};

/** A fresh whenSettled whose first screen is the test's, and an idle callback the test runs. */
async function freshWhenSettled() {
  vi.resetModules();
  const shown = new Promise<void>((resolve) => {
    showFirstScreen = resolve;
  });
  vi.doMock('./next-paint', () => ({ firstScreenShown: () => shown }));
  return (await import('./when-settled')).whenSettled;
}

/** The same, with the module's constants. */
async function freshModule() {
  const whenSettled = await freshWhenSettled();
  const { SETTLE_AFTER_LOAD_AT_THE_LATEST_MS, SETTLE_AT_THE_LATEST_MS } = await import(
    './when-settled'
  );
  return { whenSettled, SETTLE_AFTER_LOAD_AT_THE_LATEST_MS, SETTLE_AT_THE_LATEST_MS };
}

/** Lets promise reactions run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('whenSettled', () => {
  const idle: (() => void)[] = [];
  const cancelled: number[] = [];
  beforeEach(() => {
    idle.length = 0;
    cancelled.length = 0;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('./next-paint');
    Reflect.deleteProperty(document, 'readyState');
  });

  it('waits for the first screen to be shown, then for the browser to be idle', async () => {
    const whenSettled = await freshWhenSettled();
    const work = vi.fn();
    whenSettled(work);
    await flush();
    // Loaded, but the home is still waiting for its answers and its screen.
    expect(idle).toHaveLength(0);

    showFirstScreen();
    await flush();
    expect(idle).toHaveLength(1);
    expect(work).not.toHaveBeenCalled();
    idle[0]?.();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to load, even once its first screen is shown', async () => {
    const whenSettled = await freshWhenSettled();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const work = vi.fn();
    whenSettled(work);
    showFirstScreen();
    await flush();
    expect(idle).toHaveLength(0);

    window.dispatchEvent(new Event('load'));
    await flush();
    expect(idle).toHaveLength(1);
  });

  it('waits a second instead where the browser has no idle callbacks', async () => {
    vi.unstubAllGlobals();
    expect('requestIdleCallback' in window).toBe(false);
    vi.useFakeTimers();
    try {
      const whenSettled = await freshWhenSettled();
      const work = vi.fn();
      whenSettled(work);
      showFirstScreen();
      await vi.advanceTimersByTimeAsync(999);
      expect(work).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops listening for the load event once cancelled', async () => {
    const whenSettled = await freshWhenSettled();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const work = vi.fn();
    whenSettled(work)();
    showFirstScreen();
    window.dispatchEvent(new Event('load'));
    await flush();
    expect(idle).toHaveLength(0);
  });

  it('runs nothing once cancelled, before or after it asked for an idle moment', async () => {
    const whenSettled = await freshWhenSettled();
    const early = vi.fn();
    const late = vi.fn();
    const cancelEarly = whenSettled(early);
    const cancelLate = whenSettled(late);
    cancelEarly();
    showFirstScreen();
    await flush();
    // Only the one still wanted asked for an idle moment, and it is given back.
    expect(idle).toHaveLength(1);
    cancelLate();
    expect(cancelled).toEqual([1]);
    expect(early).not.toHaveBeenCalled();
  });

  it('runs the work all the same when no first screen is ever reported (no screen marked it, a tab in the background)', async () => {
    vi.useFakeTimers();
    try {
      const { whenSettled, SETTLE_AFTER_LOAD_AT_THE_LATEST_MS } = await freshModule();
      const work = vi.fn();
      // The page has loaded (jsdom's document is complete); no screen ever reports itself shown.
      whenSettled(work);
      await vi.advanceTimersByTimeAsync(SETTLE_AFTER_LOAD_AT_THE_LATEST_MS - 1);
      expect(idle).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(idle).toHaveLength(1);
      idle[0]?.();
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs the work all the same when the page never finishes loading', async () => {
    vi.useFakeTimers();
    try {
      const { whenSettled, SETTLE_AT_THE_LATEST_MS } = await freshModule();
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
      const work = vi.fn();
      whenSettled(work);
      showFirstScreen();
      await vi.advanceTimersByTimeAsync(SETTLE_AT_THE_LATEST_MS);
      expect(idle).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
