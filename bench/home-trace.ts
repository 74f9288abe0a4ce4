/**
 * What the signed-in home's load costs the main thread (docs/performance.md, "What a phone
 * downloads"): Chromium's own trace of `/user/home` loading cold at 4x CPU slowdown (as
 * Lighthouse's mobile preset), the server as `npm start` runs it. Prints, per run and as
 * medians: the longest task, the longest layout, and the time spent in layout, style, paint
 * and script. Lighthouse's score of the same page swings by ten points between runs; these
 * figures move far less, so a change to the home's rendering is judged by them first.
 *
 *   npm run build && npm run bench:home-trace -w @wallet/bench
 *
 * BENCH_RUNS (5), BENCH_LOCALE (th: the stored language, `th`, `la` or `en`), BENCH_TRACES (a
 * folder to keep the traces in, to open in DevTools' Performance panel).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLine, startWebBench } from './web-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3192);
const LOCALE = process.env.BENCH_LOCALE ?? 'th';
const KEEP = process.env.BENCH_TRACES;

type TraceEvent = { name: string; ph: string; dur?: number; pid: number; tid: number };
type Figures = Record<
  'longestTask' | 'longestLayout' | 'layout' | 'style' | 'paint' | 'script',
  number
>;

/** The renderer's main thread of the traced page: the one that ran the page's scripts. */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'FunctionCall' || e.name === 'v8.evaluateModule') {
      const key = `${e.pid}:${e.tid}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [main] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!main) throw new Error('the trace has no script on any thread');
  return events.filter((e) => `${e.pid}:${e.tid}` === main[0] && e.ph === 'X');
}

function figuresOf(events: TraceEvent[]): Figures {
  const ms = (e: TraceEvent) => (e.dur ?? 0) / 1000;
  const total = (names: string[]) =>
    events.filter((e) => names.includes(e.name)).reduce((sum, e) => sum + ms(e), 0);
  const longest = (name: string) => Math.max(0, ...events.filter((e) => e.name === name).map(ms));
  return {
    longestTask: longest('RunTask'),
    longestLayout: longest('Layout'),
    layout: total(['Layout']),
    style: total(['UpdateLayoutTree']),
    paint: total(['Paint', 'PaintImage', 'PrePaint']),
    script: total(['FunctionCall', 'v8.evaluateModule', 'EvaluateScript', 'TimerFire']),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  console.log(machineLine());
  const bench = await startWebBench(PORT);
  const traces = KEEP ?? mkdtempSync(join(tmpdir(), 'wallet-home-trace-'));
  if (KEEP) mkdirSync(KEEP, { recursive: true });
  try {
    const token = await bench.signedInMember();
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A context of its own each time: nothing of the last run's page is kept.
      const context = await bench.browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      await bench.signIn(page, token);
      await page.evaluate((locale) => localStorage.setItem('locale', locale), LOCALE);
      await page.emulateCPUThrottling(4);
      const path = join(traces, `run-${i}.json`);
      await page.tracing.start({
        path,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
      });
      await page.goto(`${bench.origin}/user/home`, { waitUntil: 'networkidle0' });
      await page.tracing.stop();
      const { traceEvents } = JSON.parse(readFileSync(path, 'utf8')) as {
        traceEvents: TraceEvent[];
      };
      runs.push(figuresOf(mainThreadEvents(traceEvents)));
      await context.close();
    }
    const keys = Object.keys(runs[0] ?? {}) as (keyof Figures)[];
    console.log(
      `/user/home loading cold, 4x CPU slowdown, locale ${LOCALE}, ${RUNS} runs (ms on the main thread):`,
    );
    console.log(`${'run'.padEnd(8)}${keys.map((k) => k.padStart(15)).join('')}`);
    for (const [i, run] of runs.entries()) {
      console.log(
        `${String(i + 1).padEnd(8)}${keys.map((k) => run[k].toFixed(0).padStart(15)).join('')}`,
      );
    }
    console.log(
      `${'median'.padEnd(8)}${keys
        .map((k) =>
          median(runs.map((run) => run[k]))
            .toFixed(0)
            .padStart(15),
        )
        .join('')}`,
    );
  } finally {
    await bench.close();
    if (!KEEP) rmSync(traces, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
