/**
 * What a phone gets (docs/performance.md, "What a phone downloads"): Lighthouse 12 in Debian's
 * Chromium, mobile preset with its default throttling, against the server `npm start` runs
 * (the production bundles, the embedded database, the sandbox), for /login and for a signed-in
 * member's /user/home. Prints the four category scores, FCP, LCP, TBT and the bytes sent, the
 * median of BENCH_RUNS runs per page (3). BENCH_PAGES picks pages (`/user/home`); BENCH_REPORTS
 * names a folder for the full reports. BENCH_AGAINST=<dir> compares this build with another
 * (a copy of an earlier apps/web/dist, or another built checkout, whose own server then serves
 * its own web build): each page's runs alternate between the two, each on a
 * server of its own, so a machine whose speed drifts from minute to minute moves both alike;
 * both are printed, with the mean and its standard error.
 *
 *   npm run build && npm run bench:lighthouse -w @wallet/bench
 *
 * Targets (issue 11): performance ≥ 90 on both pages (then 95), accessibility 100, best
 * practices 100. lighthouse@12.2.3 is pinned: later versions want Node 22.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { machineLine, startWebBench, type WebBench } from './web-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
/** Only these paths (comma-separated: `/user/home`), to measure one page's change with more runs. */
const PAGES = process.env.BENCH_PAGES?.split(',');
/** A folder for each run's full Lighthouse report (JSON), to see what an audit found. */
const REPORTS = process.env.BENCH_REPORTS;
/** Another build of the web app (a copied apps/web/dist) to alternate with, run by run. */
const AGAINST = process.env.BENCH_AGAINST;

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
  /** Lighthouse's own measure of the host's CPU (a loop of string work: memory is not in it). */
  benchmarkIndex: number;
  /** Audits of the accessibility and best-practices categories that did not pass. */
  failed: string[];
};

/** One build of the web app under test: its server, and a member signed in on it. */
type Build = { label: string; bench: WebBench; token: string };

/**
 * One Lighthouse run of `path` on `build`. The signed-in page keeps the member's stored token
 * and accepted agreement (the spec's entities storage keys), so Lighthouse must not reset storage.
 */
async function audit(build: Build, path: string, signedIn: boolean): Promise<Figures> {
  const page = await build.bench.browser.newPage();
  try {
    if (signedIn) await build.bench.signIn(page, build.token);
    const result = await lighthouse(
      `${build.bench.origin}${path}`,
      { output: 'json', logLevel: 'error', disableStorageReset: signedIn },
      undefined,
      page,
    );
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = `${build.label}${path.replaceAll('/', '_')}-${new Date().toISOString()}.json`;
      writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr, null, 1));
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      bytes: value('total-byte-weight'),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      failed: ['accessibility', 'best-practices'].flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id}`),
      ),
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is run again. */
async function auditOnceMore(build: Build, path: string, signedIn: boolean) {
  try {
    return await audit(build, path, signedIn);
  } catch (error) {
    console.log(`  (run again: ${error instanceof Error ? error.message : String(error)})`);
    return audit(build, path, signedIn);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** "77.3 ± 1.2": the mean and its standard error. */
function meanAndError(values: number[]): string {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1 || 1);
  return `${mean.toFixed(1)} ± ${Math.sqrt(variance / values.length).toFixed(1)}`;
}

function printPage(name: string, runs: Figures[]): void {
  const m = (key: Exclude<keyof Figures, 'failed'>) => median(runs.map((run) => run[key]));
  console.log(
    [
      name.padEnd(24),
      String(m('performance')).padStart(4),
      String(m('accessibility')).padStart(5),
      String(m('bestPractices')).padStart(5),
      String(m('seo')).padStart(4),
      String(m('fcpMs')).padStart(8),
      String(m('lcpMs')).padStart(7),
      String(m('tbtMs')).padStart(7),
      String(m('bytes')).padStart(12),
    ].join(' '),
  );
  console.log(
    `  performance per run: ${runs.map((run) => run.performance).join(', ')} ` +
      `(mean ${meanAndError(runs.map((run) => run.performance))}, TBT ` +
      `${meanAndError(runs.map((run) => run.tbtMs))} ms); ` +
      `Lighthouse's benchmarkIndex ${m('benchmarkIndex')}`,
  );
  const failed = [...new Set(runs.flatMap((run) => run.failed))];
  if (failed.length > 0) console.log(`  not passed: ${failed.join(', ')}`);
}

/** A copied web build, or a built checkout with its own server (its web build then its own). */
function againstBuild(dir: string): { webDist: string; server?: string } {
  const server = join(dir, 'apps/server/dist/main.js');
  return existsSync(server) ? { webDist: join(dir, 'apps/web/dist'), server } : { webDist: dir };
}

async function main(): Promise<void> {
  console.log(machineLine());
  const dists = [
    { label: '', webDist: undefined, server: undefined },
    ...(AGAINST ? [{ label: 'against', ...againstBuild(AGAINST) }] : []),
  ];
  const benches: WebBench[] = [];
  try {
    const builds: Build[] = [];
    for (const { label, webDist, server } of dists) {
      const bench = await startWebBench(PORT + benches.length, webDist, server);
      benches.push(bench);
      builds.push({ label, bench, token: await bench.signedInMember() });
    }
    const pages = [
      { name: '/login', path: '/login', signedIn: false },
      { name: '/user/home (signed in)', path: '/user/home', signedIn: true },
    ].filter(({ path }) => !PAGES || PAGES.includes(path));
    console.log(
      `Lighthouse ${RUNS} run(s) a page${AGAINST ? ` and build (alternating with ${AGAINST})` : ''}, ` +
        'mobile preset, default throttling; medians:\n' +
        'page                     perf  a11y  best  seo   FCP ms  LCP ms  TBT ms   bytes sent',
    );
    for (const { name, path, signedIn } of pages) {
      // Run by run, every build in turn: a VM whose speed drifts slows them all alike.
      const runs = builds.map((build) => ({ build, figures: [] as Figures[] }));
      for (let i = 0; i < RUNS; i++) {
        for (const { build, figures } of runs)
          figures.push(await auditOnceMore(build, path, signedIn));
      }
      for (const { build, figures } of runs) {
        printPage(build.label ? `${name} ${build.label}` : name, figures);
      }
    }
  } finally {
    for (const bench of benches) await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
