import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, topUp } from '../support/members';
import { sectionsNav, staffPage } from '../support/staff';

/**
 * The reports (docs/backoffice.md, "Reports"). The default server is shared with the other
 * journeys, whose members deposit too: the figures are checked against each other (the answer the
 * page received, its table, its chart and its CSV) and against this journey's own deposit as a
 * floor, never as a whole.
 */

type Flow = { amount: number; count: number };
type ReportAnswer = {
  rows: { start: string; deposits: { channels: Record<string, Flow>; total: Flow } }[];
  totals: { deposits: { channels: Record<string, Flow> } };
};

/** The operator's today (Asia/Bangkok), as the report's rows name it. */
const operatorToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

/** A figure as the back office shows baht in English ("1,234.50 baht") back to a number. */
const shownAmount = (text: string) => Number(text.replace(/ baht$/, '').replaceAll(',', ''));

/** A table's rows as their cells' text: the column headers first, then the body and the totals. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
    ),
  );
}

/** Every report the page asked the server for, in order: the last one is what it shows. */
function reportAnswers(page: Page): ReportAnswer[] {
  const answers: ReportAnswer[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/backoffice/reports' && response.ok())
      answers.push(await response.json());
  });
  return answers;
}

test('finance reads a member’s sandbox deposit in the reports: chart, table and CSV agree with what the server answered', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await registerMember(request, undefined, { name: 'Malee Reports' });
  await topUp(request, member, 735.25);

  const { context, page } = await staffPage(browser, baseURL ?? '', 'finance');
  const answers = reportAnswers(page);
  await sectionsNav(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/backoffice\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  const today = operatorToday();
  const cash = page.getByRole('region', { name: 'Cash per day, in BAHT' });
  const table = cash.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: today })).toBeVisible();
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  const answer = answers.at(-1) as ReportAnswer;
  const todays = answer.rows.find((row) => row.start === today);
  // The journey's own deposit is in today's sandbox figure, with whatever others deposited.
  expect(todays?.deposits.channels.sandbox?.amount).toBeGreaterThanOrEqual(735.25);
  expect(todays?.deposits.channels.sandbox?.count).toBeGreaterThanOrEqual(1);

  // The table: one row per day of the answer, then the totals, each figure the answer's.
  const cells = await tableCells(table);
  const headers = cells[1] ?? [];
  const sandboxColumn = headers.indexOf('Sandbox');
  expect(sandboxColumn).toBeGreaterThan(0);
  const body = cells.slice(2, -1);
  expect(body.map((row) => row[0])).toEqual(answer.rows.map((row) => row.start));
  expect(body.map((row) => shownAmount(row[sandboxColumn] ?? ''))).toEqual(
    answer.rows.map((row) => row.deposits.channels.sandbox?.amount),
  );
  expect(cells.at(-1)?.[0]).toBe('Total');
  expect(shownAmount(cells.at(-1)?.[sandboxColumn] ?? '')).toBe(
    answer.totals.deposits.channels.sandbox?.amount,
  );

  // The chart: today's bar, the last, says the same figure in its tooltip.
  const chart = page.getByRole('figure', { name: 'Deposits by channel per day, in BAHT' });
  await expect(chart.getByRole('application', { name: /Deposits by channel/ })).toBeVisible();
  const plot = await chart.locator('.recharts-cartesian-grid').boundingBox();
  if (!plot) throw new Error('the chart drew no plotting area');
  await page.mouse.move(plot.x + plot.width - 8, plot.y + plot.height / 2);
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(today);
  await expect(tooltip).toContainText(`Sandbox${body.at(-1)?.[sandboxColumn]}`);
  await page.screenshot({ path: '/tmp/bo-shots/reports-cash-en.png' });
  await expectAccessible(page, 'reports: cash, a tooltip shown');

  // The CSV: the table's rows and columns, amounts as plain numbers, the currency in the header.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cash.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^report-cash-BAHT-day-.+\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  expect(lines[0]?.[sandboxColumn]).toBe('Deposits: Sandbox (BAHT)');
  expect(lines).toHaveLength(cells.length - 1);
  const shown = cells.slice(2);
  lines.slice(1).forEach((line, index) => {
    const row = shown[index] ?? [];
    expect(line[0]).toBe(row[0]);
    expect(line.slice(1).map(Number)).toEqual(row.slice(1).map(shownAmount));
  });

  // Finance runs the reconciliation now; the other tabs show their charts and tables.
  for (const [tab, region] of [
    ['Rewards', 'Rewards per day, in BAHT'],
    ['Games', 'Games per day, in BAHT'],
    ['Members', 'Members per day'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('region', { name: region }).getByRole('table')).toBeVisible();
    await expect(page.getByRole('figure')).toBeVisible();
    await page.screenshot({ path: `/tmp/bo-shots/reports-${tab.toLowerCase()}-en.png` });
    await expectAccessible(page, `reports: ${tab.toLowerCase()}`);
  }
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await expect(page).toHaveURL(/\?tab=reconciliation$/);
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/^The reconciliation of \d{4}-\d{2}-\d{2} is done/)).toBeVisible({
    timeout: 30_000,
  });
  const latest = page.getByRole('region', { name: 'Latest reconciliations' }).getByRole('table');
  await expect(latest.getByRole('row').nth(2)).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/reports-reconciliation-en.png' });
  await expectAccessible(page, 'reports: reconciliation');
  await context.close();
});

test('a viewer reads the reports and the reconciliations but is not offered "Run now"', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await staffPage(browser, baseURL ?? '', 'viewer');
  await sectionsNav(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('region', { name: 'Cash per day, in BAHT' })).toBeVisible();

  // Another currency and period: kip by month over the last 12 months.
  const filters = page.getByRole('group', { name: 'Report' });
  await filters.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'Lao kip (LAK)' }).click();
  await filters.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Cash per month, in LAK' })).toBeVisible();

  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('region', { name: 'Latest reconciliations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);

  // The screen in Thai, for its words.
  await page.getByRole('tab', { name: 'Cash' }).click();
  await page.getByRole('button', { name: 'Language' }).first().click();
  await page.getByRole('menuitemradio', { name: 'ไทย' }).click();
  await expect(page.getByRole('heading', { name: 'รายงาน', level: 1 })).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/reports-cash-th.png' });
  await expectAccessible(page, 'reports: cash in kip by month (Thai)');
  await context.close();
});
