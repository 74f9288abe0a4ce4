import { describe } from 'vitest';

/**
 * The outside services some suites need. Without one (no TEST_DATABASE_URL or TEST_REDIS_URL,
 * as on a fresh machine) those suites are reported as skipped, with the reason in their name
 * (and listed again at the end of the run by test/skipped-suites-reporter.ts); they never fail
 * the run and are never silently absent.
 */
export const testServices = {
  postgres: { url: process.env.TEST_DATABASE_URL, variable: 'TEST_DATABASE_URL' },
  redis: { url: process.env.TEST_REDIS_URL, variable: 'TEST_REDIS_URL' },
} as const;

export type TestService = keyof typeof testServices;

/** The words a skipped suite's name ends with; the reporter looks for them. */
export const SKIPPED_FOR_WANT_OF = 'skipped for want of';

/**
 * A suite that needs PostgreSQL or Redis: `body` gets the service's URL. Without the service
 * the suite is registered as skipped, named with the reason.
 */
export function describeWith(
  service: TestService,
  title: string,
  body: (url: string) => void,
): void {
  const { url, variable } = testServices[service];
  const named = url
    ? title
    : `${title} (${SKIPPED_FOR_WANT_OF} ${service}: ${variable} is not set)`;
  describe.skipIf(!url)(named, () => body(url ?? ''));
}
