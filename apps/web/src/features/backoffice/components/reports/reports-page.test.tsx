import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';
import { addDays, operatorToday } from './report-range';
import { bahtDays, figures, reconciliations } from './test-report';

const desk = deskTests();

const reportRoutes = {
  '/api/backoffice/reports': () => jsonResponse(bahtDays),
  '/api/backoffice/reports/reconciliation': () => jsonResponse({ reports: reconciliations }),
};

/** The report calls the screen made, as their query strings. */
const reportQueries = () =>
  desk
    .sent()
    .map(({ call }) => call)
    .filter((call) => call.startsWith('GET /api/backoffice/reports?'))
    .map((call) => new URL(call.slice('GET '.length), 'http://localhost').searchParams.toString());

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Each saved file: its name and text, caught where the browser would be handed it. */
let saved: { name: string; text: Promise<string> }[] = [];
let blobs: Blob[] = [];
beforeEach(() => {
  saved = [];
  blobs = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs[Number(this.href.split(':').pop()) - 1];
    // Blob.text() drops the byte-order mark the file starts with; the bytes keep it.
    const text = blob?.arrayBuffer().then((bytes) => utf8.decode(bytes)) ?? Promise.resolve('');
    saved.push({ name: this.download, text });
  });
});
afterEach(() => vi.restoreAllMocks());

/** A table's cells, row by row, as the screen shows them (header, body and footer rows). */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));

describe('the reports', { timeout: 30_000 }, () => {
  it('open on baht by day over the last 30 days ending today in Bangkok, cash by channel with a totals row', async () => {
    desk.serve('finance', reportRoutes);
    renderDesk('/backoffice/reports');

    const table = await screen.findByRole('table', { name: 'Cash per day, in BAHT' }, lazyScreen);
    const today = operatorToday();
    expect(reportQueries()).toEqual([
      `currency=BAHT&period=day&from=${addDays(today, -29)}&to=${today}`,
    ]);
    expect(screen.getByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('report-deposits')).toHaveTextContent('1,850.30 baht');
    expect(screen.getByTestId('report-withdrawals')).toHaveTextContent('800.00 baht');
    expect(screen.getByTestId('report-net')).toHaveTextContent('1,050.30 baht');
    // The chart comes with its library, in a chunk of its own after the table.
    expect(
      await screen.findByRole(
        'figure',
        { name: 'Deposits by channel per day, in BAHT' },
        lazyScreen,
      ),
    ).toBeInTheDocument();
    // Only the channels money came in through have a column; the others are named.
    expect(
      screen.getByText(
        'No deposits in this range through: Slip, QR (WW), QR (PAYTIMZ), QR (PAYONEX), TrueMoney gift link.',
      ),
    ).toBeInTheDocument();

    expect(cellsOf(table)).toEqual([
      ['', 'Deposits', '', ''],
      [
        'Day',
        'Bank feed',
        'QR (KBANK)',
        'Manual (staff adjustments)',
        'Sandbox',
        'All channels',
        'Withdrawals paid out',
        'Net cash flow',
      ],
      ['2024-05-01', '1,500.10', '0.00', '0.00', '100.20', '1,600.30', '800.00', '800.30'],
      ['2024-05-02', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00'],
      ['2024-05-03', '0.00', '300.00', '-50.00', '0.00', '250.00', '0.00', '250.00'],
      ['Total', '1,500.10', '300.00', '-50.00', '100.20', '1,850.30', '800.00', '1,050.30'],
    ]);
  });

  it('download each table as CSV with exactly its rows and columns: plain amounts, the currency in the header', async () => {
    const user = userEvent.setup();
    desk.serve('viewer', reportRoutes);
    renderDesk('/backoffice/reports');

    const cash = await screen.findByRole('region', { name: 'Cash per day, in BAHT' }, lazyScreen);
    await user.click(within(cash).getByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name }) => name)).toEqual([
      'report-cash-BAHT-day-2024-05-01-to-2024-05-03.csv',
    ]);
    const csv = await saved[0]?.text;
    expect(csv?.startsWith('\uFEFF')).toBe(true);
    expect(csv?.slice(1).split('\r\n')).toEqual([
      'Day,Deposits: Bank feed (BAHT),Deposits: QR (KBANK) (BAHT),' +
        'Deposits: Manual (staff adjustments) (BAHT),Deposits: Sandbox (BAHT),' +
        'Deposits: All channels (BAHT),Withdrawals paid out (BAHT),Net cash flow (BAHT)',
      '2024-05-01,1500.1,0,0,100.2,1600.3,800,800.3',
      '2024-05-02,0,0,0,0,0,0,0',
      '2024-05-03,0,300,-50,0,250,0,250',
      'Total,1500.1,300,-50,100.2,1850.3,800,1050.3',
      '',
    ]);
    // A table of providers over the range: one line each, and the providers' total.
    await user.click(screen.getByRole('tab', { name: 'Games' }));
    const providers = await screen.findByRole('region', {
      name: 'Games by provider over the range, in BAHT',
    });
    await user.click(within(providers).getByRole('button', { name: 'Download CSV' }));
    expect(await saved[1]?.text).toBe(
      '\uFEFFProvider,Turnover (BAHT),GGR (BAHT)\r\nPG,1000,120.5\r\nJOKER,200,-20\r\nTotal,1200,100.5\r\n',
    );
  });

  it('show rewards by kind, games per period and provider, and members by source', async () => {
    const user = userEvent.setup();
    desk.serve('admin', reportRoutes);
    renderDesk('/backoffice/reports?tab=rewards');

    const rewards = await screen.findByRole(
      'table',
      { name: 'Rewards per day, in BAHT' },
      lazyScreen,
    );
    expect(cellsOf(rewards).at(-1)).toEqual(['Total', '50.00', '10.00', '0.00', '5.00', '65.00']);
    expect(
      await screen.findByRole('figure', { name: 'Rewards by kind per day, in BAHT' }, lazyScreen),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Games' }));
    const games = await screen.findByRole('table', { name: 'Games per day, in BAHT' });
    expect(cellsOf(games)[1]).toEqual(['2024-05-01', '1,200.00', '100.50', '35.50']);
    expect(screen.getByTestId('report-ngr')).toHaveTextContent('35.50 baht');
    expect(
      screen.getByRole('figure', { name: 'GGR and NGR per day, in BAHT' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    const members = await screen.findByRole('table', { name: 'Members per day' });
    expect(cellsOf(members).slice(0, 2)).toEqual([
      ['', 'Registrations', '', ''],
      ['Day', 'facebook', 'None given', 'All sources', 'First deposits', 'Active members'],
    ]);
    // Over the range a member active on two days counts once: 5, not 4 + 2.
    expect(cellsOf(members).at(-1)).toEqual(['Total', '3', '1', '4', '2', '5']);
  });

  it('open another period on its own range until staff choose the days, and refuse a range the contract refuses', async () => {
    const user = userEvent.setup();
    desk.serve('finance', reportRoutes);
    renderDesk('/backoffice/reports');
    await screen.findByRole('table', { name: 'Cash per day, in BAHT' }, lazyScreen);
    const today = operatorToday();

    await user.click(screen.getByRole('radio', { name: 'Month' }));
    const [year = 0, month = 1] = today.split('-').map(Number);
    const yearAgo = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
    await waitFor(() =>
      expect(reportQueries().at(-1)).toBe(`currency=BAHT&period=month&from=${yearAgo}&to=${today}`),
    );
    expect(screen.getByLabelText('From')).toHaveValue(yearAgo);

    // A date box's value changes whole, as the browser's picker sets it.
    const twoMonthsAgo = addDays(today, -60);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: twoMonthsAgo } });
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() =>
      expect(reportQueries().at(-1)).toBe(
        `currency=BAHT&period=week&from=${twoMonthsAgo}&to=${today}`,
      ),
    );

    // The last day before the first: said under the field, and nothing asked for.
    const asked = reportQueries().length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: addDays(today, -61) } });
    expect(await screen.findByText('The last day is before the first.')).toBeInTheDocument();
    expect(reportQueries()).toHaveLength(asked);
  });

  it('show the latest reconciliations and their problems; finance runs one now, a viewer cannot', async () => {
    const user = userEvent.setup();
    desk.serve('finance', {
      ...reportRoutes,
      'POST /api/backoffice/reports/reconciliation': () => jsonResponse(reconciliations[0]),
    });
    renderDesk('/backoffice/reports?tab=reconciliation');

    const list = await screen.findByRole('table', { name: 'Latest reconciliations' }, lazyScreen);
    expect(cellsOf(list)[0]).toEqual([
      '',
      '',
      'Ledger balanced',
      'Balances match entries',
      'Game balances match providers',
      'Credits have sources',
      '',
    ]);
    await within(list).findByRole('cell', { name: '2024-05-03' });
    const newest = cellsOf(list)[2];
    expect(newest?.[0]).toBe('2024-05-03');
    expect(newest?.slice(2)).toEqual([
      'Holds',
      '1200',
      'Does not hold',
      '340',
      'Holds',
      '56',
      'Holds',
      '410',
      '1',
    ]);
    const problems = screen.getByRole('table', { name: 'Problems found' });
    const problem = within(problems).getByRole('row', { name: /account:cash:12/ });
    expect(problem).toHaveTextContent('1,500.50 baht');
    expect(problem).toHaveTextContent('1,450.50 baht');
    expect(within(problem).getByRole('link', { name: '#12' })).toHaveAttribute(
      'href',
      '/backoffice/members/12',
    );

    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(
      await screen.findByText('The reconciliation of 2024-05-03 is done: 1 problem to look into.'),
    ).toBeInTheDocument();
    expect(desk.sent().map(({ call }) => call)).toContain(
      'POST /api/backoffice/reports/reconciliation',
    );
  });

  it('offer a viewer no "Run now"', async () => {
    desk.serve('viewer', reportRoutes);
    renderDesk('/backoffice/reports?tab=reconciliation');
    await screen.findByRole('table', { name: 'Latest reconciliations' }, lazyScreen);
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
  });

  it('are not a section for support', async () => {
    desk.serve('support', { '/api/backoffice/dashboard': () => jsonResponse({}, 500) });
    const router = renderDesk('/backoffice/reports');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/dashboard'), {
      timeout: 15_000,
    });
    expect(reportQueries()).toEqual([]);
  });

  it('say so when nothing happened in the range, rather than draw empty axes', async () => {
    const quiet = { ...bahtDays, rows: [], totals: figures({}) };
    desk.serve('viewer', { '/api/backoffice/reports': () => jsonResponse(quiet) });
    renderDesk('/backoffice/reports');
    const figure = await screen.findByRole(
      'figure',
      { name: 'Deposits by channel per day, in BAHT' },
      lazyScreen,
    );
    expect(within(figure).getByText('Nothing happened in this range.')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Cash per day, in BAHT' });
    expect(within(table).getByText('Nothing happened in this range.')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('say the report could not be loaded when the server fails', async () => {
    desk.serve('finance', {
      '/api/backoffice/reports': () => jsonResponse({ code: 'SERVER_ERROR', message: 'x' }, 500),
    });
    renderDesk('/backoffice/reports');
    expect(
      await screen.findByText('The report could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
