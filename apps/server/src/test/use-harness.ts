import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from './databases';
import { type Harness, startHarness } from './harness';

/**
 * The suite's harness, started before its first test and closed after its last: call it in the
 * body of a `describe`. What it answers reaches the started harness, so a test reads `h.app` as
 * it would from `let h = await startHarness(target)`, and a suite split over several files sets
 * it up in one line each rather than in a copy of the same hooks. `env` is read as it starts.
 */
export function useHarness(
  target: TestDatabase,
  env: () => Record<string, string> = () => ({}),
): Harness {
  let started: Harness | undefined;
  const current = (): Harness => {
    if (!started) throw new Error('the harness starts in beforeAll: use it inside a test or hook');
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(target, env());
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get db() {
      return current().db;
    },
    get app() {
      return current().app;
    },
    build: (env, overrides) => current().build(env, overrides),
    count: (table) => current().count(table),
    close: () => current().close(),
  };
}
