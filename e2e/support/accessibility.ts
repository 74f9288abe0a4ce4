import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** What axe-core reports of one rule the screen breaks. */
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** WCAG 2.1 levels A and AA, as axe-core tags its rules (docs/accessibility.md). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts a screen may not have; minor and moderate findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/** How long the helper waits for opening transitions before it reads the screen anyway. */
const SETTLE_MS = 2_000;

/**
 * Waits for the screen's finite animations (a modal's or drawer's opening transition): read
 * half-faded, text fails colour contrast it does not fail once shown. Endless ones (a loader,
 * the route's progress bar) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async (limit) => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const timeout = new Promise((resolve) => setTimeout(resolve, limit));
    // A cancelled animation's `finished` rejects: it is over all the same.
    const ended = finite.map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ended), timeout]);
  }, SETTLE_MS);
}

/** One line per element at fault: the rule, its impact and help page, where and why. */
function describe(violation: Violation): string[] {
  const head = `${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`;
  const nodes = violation.nodes.flatMap((node) => {
    const why = [...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ');
    const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
    return [`  at ${node.target.join(' >>> ')}: ${html}`, `    ${why}`];
  });
  return [head, ...nodes];
}

/**
 * Checks the screen the page shows now against WCAG 2.1 A/AA with axe-core and fails the test
 * (softly: the journey goes on) on any serious or critical violation, listed rule by rule with
 * the elements at fault. `screen` names the screen in the report.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await test.step(`accessibility: ${screen}`, async () => {
    await settled(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(WCAG_21_AA)
      // axe.run in the page, reaching its same-origin frames (the back office's phone preview):
      // the default mode finishes each run in a new blank tab, which costs a tab per check.
      .setLegacyMode()
      // Only violations are read: axe then skips building selectors for every passing element.
      .options({ resultTypes: ['violations'] })
      .analyze();
    const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
    expect
      .soft(blocking.flatMap(describe), `serious or critical accessibility violations on ${screen}`)
      .toEqual([]);
  });
}
