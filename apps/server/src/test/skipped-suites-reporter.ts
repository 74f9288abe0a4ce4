import type { Reporter, TestModule, TestSuite } from 'vitest/node';
import { SKIPPED_FOR_WANT_OF } from './services';

const skippedForWant = (suite: TestSuite | TestModule): boolean =>
  suite.type === 'suite' && suite.state() === 'skipped' && suite.name.includes(SKIPPED_FOR_WANT_OF);

/**
 * Names, at the end of a run, the suites skipped because PostgreSQL or Redis is not configured
 * (see describeWith in ./databases.ts), so a run on a fresh machine says what it did not test.
 */
export default class SkippedSuitesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped = modules.flatMap((module) =>
      [...module.children.allSuites()]
        // The outermost such suite only: what it holds is skipped with it.
        .filter((suite) => skippedForWant(suite) && !skippedForWant(suite.parent))
        .map(
          (suite) => `  ${module.moduleId.replace(`${process.cwd()}/`, '')} › ${suite.fullName}`,
        ),
    );
    if (skipped.length === 0) return;
    process.stdout.write(
      `\nSuites skipped for want of PostgreSQL or Redis (${skipped.length}); set TEST_DATABASE_URL and TEST_REDIS_URL to run them:\n${skipped.join('\n')}\n`,
    );
  }
}
