import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type NextPaint = typeof import('./next-paint');

/** A fresh copy of the module: each test's first call is the page's first screen again. */
async function freshNextPaint(): Promise<NextPaint> {
  vi.resetModules();
  return import('./next-paint');
}

/** The browser's largest-paint reports, played by the test: `report(startTime)` delivers one. */
function fakeLargestPaints() {
  const observers = new Set<PerformanceObserverCallback>();
  const buffered: number[] = [];
  const deliver = (callback: PerformanceObserverCallback, times: number[]) => {
    const entries = times.map((startTime) => ({ startTime }) as PerformanceEntry);
    callback({ getEntries: () => entries } as PerformanceObserverEntryList, {} as never);
  };
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      expect(options.type).toBe('largest-contentful-paint');
      observers.add(this.callback);
      if (options.buffered && buffered.length > 0) deliver(this.callback, buffered);
    }
    disconnect() {
      observers.delete(this.callback);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report(startTime: number) {
      buffered.push(startTime);
      for (const callback of [...observers]) deliver(callback, [startTime]);
    },
    watching: () => observers.size,
  };
}

/** Whether `promise` has resolved yet, asked at any later moment. */
function tracked(promise: Promise<unknown>): () => boolean {
  let resolved = false;
  void promise.then(() => {
    resolved = true;
  });
  return () => resolved;
}

/**
 * Lets the next frame, the task after it and any promise reactions run: it waits for that frame
 * itself, however late a busy machine runs it, then `ms` more.
 */
async function settle(ms = 20) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, ms)));
}

describe('nextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the next animation frame, and resolves after it', async () => {
    const { nextPaint } = await freshNextPaint();
    const painted = nextPaint();
    const settled = tracked(painted);
    let framed = false;
    requestAnimationFrame(() => {
      framed = true;
    });
    await Promise.resolve();
    expect(settled()).toBe(false);
    await painted;
    expect(framed).toBe(true);
  });

  it('asks once the frame is painted, and answers what was asked', async () => {
    const { afterNextPaint } = await freshNextPaint();
    const ask = vi.fn(async () => 'answer');
    const answer = afterNextPaint(ask)();
    await Promise.resolve();
    expect(ask).not.toHaveBeenCalled();
    expect(await answer).toBe('answer');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  describe('where the browser reports largest paints', () => {
    let paints: ReturnType<typeof fakeLargestPaints>;
    beforeEach(() => {
      paints = fakeLargestPaints();
    });

    it("waits on the first screen until that screen's frame is reported shown", async () => {
      const { nextPaint } = await freshNextPaint();
      // The splash's paint, reported before this screen's frame began: not this screen's.
      paints.report(0);
      const before = performance.now();
      const first = nextPaint();
      const shown = tracked(first);
      const other = nextPaint();
      await settle();
      expect(shown()).toBe(false);
      expect(paints.watching()).toBe(1);

      paints.report(before + 1);
      await first;
      await other;
      expect(paints.watching()).toBe(0);
    });

    it('takes a report delivered before it began to watch, if it is of its frame', async () => {
      const { nextPaint } = await freshNextPaint();
      const first = nextPaint();
      // Reported between the frame and the watch: found among the buffered entries.
      requestAnimationFrame((frameStart) => paints.report(frameStart + 5));
      await first;
      expect(paints.watching()).toBe(0);
    });

    it('stops waiting after the time allowed when no report comes', async () => {
      const { nextPaint, FIRST_SCREEN_SHOWN_WAIT_MS, FRAME_WAIT_MS } = await freshNextPaint();
      const shown = tracked(nextPaint());
      await settle();
      expect(shown()).toBe(false);
      // The wait starts once the frame is painted, which a busy machine may delay.
      await vi.waitFor(() => expect(shown()).toBe(true), {
        timeout: FRAME_WAIT_MS + FIRST_SCREEN_SHOWN_WAIT_MS + 2000,
        interval: 20,
      });
      expect(paints.watching()).toBe(0);
    });

    it('tells the work waiting for the page to settle once the first screen is shown', async () => {
      const { nextPaint, firstScreenShown } = await freshNextPaint();
      const told = tracked(firstScreenShown());
      // No screen has been drawn yet: the router's first navigation has not ended.
      await settle();
      expect(told()).toBe(false);

      const before = performance.now();
      void nextPaint();
      await settle();
      expect(told()).toBe(false);
      paints.report(before + 1);
      await settle();
      expect(told()).toBe(true);
    });

    it('after the first screen, waits for the frame only', async () => {
      const { nextPaint } = await freshNextPaint();
      const first = nextPaint();
      await settle();
      paints.report(performance.now());
      await first;

      const later = nextPaint();
      await settle();
      expect(paints.watching()).toBe(0);
      await later;
    });
  });
});

describe('in a tab that paints nothing (opened in the background)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('stops waiting for a frame after FRAME_WAIT_MS, so the lookups and the first screen go on', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { nextPaint, firstScreenShown, FRAME_WAIT_MS, FIRST_SCREEN_SHOWN_WAIT_MS } =
      await freshNextPaint();
    const painted = tracked(nextPaint());
    const shown = tracked(firstScreenShown());
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS - 1);
    expect(painted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1 + FIRST_SCREEN_SHOWN_WAIT_MS);
    expect(painted()).toBe(true);
    expect(shown()).toBe(true);

    // A later paint fails open too.
    const later = tracked(nextPaint());
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS);
    expect(later()).toBe(true);
  });
});
