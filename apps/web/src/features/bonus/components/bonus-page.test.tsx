import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bonus, BonusListResponse, BonusProgress } from '@wallet/contract/bonus';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { BonusPage } from './bonus-page';

const fetchMock = vi.fn<typeof fetch>();
/** The details modals are lazy chunks: the first one a test opens is compiled then. */
const lazyChunk = { timeout: 10_000 };

/** A listed bonus with one banner whose text is `text`. */
function listed(
  code: string,
  [type, maxReceived]: [Bonus['type'], number],
  percentFail: number,
  text: string,
  userBonus: Bonus['userBonus'],
): Bonus {
  const banners = [{ image: 'data:image/png;base64,AA==', html: `<p>${text}</p>` }];
  return {
    code,
    type,
    maxReceived,
    percentFail,
    banners,
    userBonus,
    percent: 10,
    maxBonus: 200,
    minDeposit: 100,
    turnoverMultiplier: 3,
    description: `<p>${text}</p>`,
  };
}

// Received once ever (used up), never taken (available), and running since today.
const welcome = listed('WELCOME100', ['limit', 1], 10, 'Welcome bonus 100%', {
  _id: '1',
  isActive: false,
  received: [{ updatedAt: '2026-01-02T03:04:05.000Z' }],
});
const daily = listed('DAILY10', ['day', 1], 12, 'Daily bonus 10% up to 200 baht', null);
const weekly = listed('WEEKLY20', ['week', 2], 15, 'Weekly bonus 20%', {
  _id: '2',
  isActive: true,
  received: [{ updatedAt: new Date().toISOString() }],
});

const waiting: BonusProgress = {
  code: 'WEEKLY20',
  kind: 'listed',
  state: 'waiting',
  percent: 20,
  percentFail: 15,
  maxBonus: 1000,
  minDeposit: 300,
  deposit: 0,
  bonus: 0,
  turnoverDone: 0,
  turnoverTarget: 0,
  threshold: 0,
  inPlay: 0,
  locked: 0,
  withdrawable: 0,
};
const active: BonusProgress = {
  ...waiting,
  code: 'DAILY10',
  state: 'active',
  percent: 10,
  maxBonus: 200,
  minDeposit: 100,
  deposit: 500,
  bonus: 50,
  turnoverDone: 100,
  turnoverTarget: 1650,
  threshold: 55,
  inPlay: 420,
  locked: 470,
  withdrawable: 0,
};

type Answers = Record<string, () => Response>;

function serve(list: BonusListResponse, answers: Answers = {}) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    const answer = answers[path];
    if (answer) return answer();
    if (path === '/api/bonus') return jsonResponse(list);
    if (path === '/api/lookup/notice') {
      return jsonResponse({ notice: 'Cancel before the turnover and lose %percentFail%%.' });
    }
    return jsonResponse({ code: 'NO_DATA', message: 'Not found.' }, 404);
  });
}

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
  notifications.clean();
});

describe('the bonus cards', () => {
  it('mark the running bonus, leave a used-up one unclickable and open an available one', async () => {
    serve({ bonuses: [welcome, daily, weekly], running: waiting });
    renderWithProviders(<BonusPage />);

    const running = await screen.findByRole('listitem', { name: 'WEEKLY20, your running bonus' });
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).queryByRole('button')).toBeNull();
    const usedUp = screen.getByRole('listitem', { name: 'WELCOME100, used up for now' });
    expect(within(usedUp).getByText('Used up')).toBeInTheDocument();
    expect(within(usedUp).queryByRole('button')).toBeNull();
    expect(screen.getByText('Times per day: 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^DAILY10 / }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus DAILY10' }, lazyChunk);
    expect(within(dialog).getByText('Daily bonus 10% up to 200 baht')).toBeInTheDocument();
    // The notice carries the selected bonus's percentFail.
    expect(
      within(dialog).getByText('Cancel before the turnover and lose 12%.'),
    ).toBeInTheDocument();
  });

  it('let every state label wrap onto more lines rather than be cut to "RUN…" on a narrow phone', async () => {
    serve({ bonuses: [welcome, daily, weekly], running: waiting });
    renderWithProviders(<BonusPage />);
    await screen.findByRole('listitem', { name: 'WEEKLY20, your running bonus' });

    // jsdom lays nothing out, so the styles that allow it are what can be read: Mantine's badge
    // keeps one line of a fixed height and hides the rest behind an ellipsis.
    for (const text of ['Running', 'Used up', 'Available', 'Waiting for deposit']) {
      const label = screen.getByText(text);
      const badge = label.closest<HTMLElement>('.mantine-Badge-root');
      expect(badge, text).not.toBeNull();
      expect(label.style.whiteSpace, text).toBe('normal');
      expect(label.style.overflow, text).toBe('visible');
      expect(badge?.style.height, text).toBe('auto');
      expect(badge?.style.overflow, text).toBe('visible');
    }
  });

  it('activates an available bonus: its card takes the answer, the list is read again', async () => {
    serve(
      { bonuses: [daily], running: null },
      {
        '/api/bonus/activate/DAILY10': () =>
          jsonResponse({ _id: '9', isActive: true, received: [] }),
      },
    );
    renderWithProviders(<BonusPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^DAILY10 / }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus DAILY10' }, lazyChunk);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));

    expect(
      await screen.findByText('DAILY10 is on. Your next deposit receives the bonus.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('/api/bonus/activate/DAILY10')).toHaveLength(1);
    await waitFor(() => expect(calls('/api/bonus').length).toBeGreaterThanOrEqual(2));
  });

  it('shows an activate refusal as an error alert with its text', async () => {
    serve(
      { bonuses: [daily], running: null },
      {
        '/api/bonus/activate/DAILY10': () =>
          jsonResponse(
            { code: 'BONUS_ALREADY_ACTIVE', message: 'A bonus is already active.' },
            409,
          ),
      },
    );
    renderWithProviders(<BonusPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^DAILY10 / }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus DAILY10' }, lazyChunk);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('An error occured')).toBeInTheDocument();
    expect(screen.getByText('A bonus is already active.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Bonus DAILY10' })).toBeInTheDocument();
  });
});

describe('the running bonus panel', () => {
  it('tells a waiting bonus what deposit pays it', async () => {
    serve({ bonuses: [weekly], running: waiting });
    renderWithProviders(<BonusPage />);
    expect(
      await screen.findByText('Deposit at least 300.00 baht to receive 20% up to 1,000.00 baht.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Waiting for deposit')).toBeInTheDocument();
    expect(await screen.findByText('Cancel before the turnover and lose 15%.')).toBeInTheDocument();
  });

  it('shows the bonus, the turnover done and still needed, withdrawable against locked', async () => {
    serve({ bonuses: [daily], running: active });
    renderWithProviders(<BonusPage />);
    expect(await screen.findByTestId('running-bonus')).toHaveTextContent('50.00 baht');
    expect(screen.getByTestId('running-turnover')).toHaveTextContent(
      '100.00 baht of 1,650.00 baht',
    );
    expect(screen.getByTestId('running-still-needed')).toHaveTextContent(
      'Still needed: 1,550.00 baht.',
    );
    expect(screen.getByRole('progressbar', { name: 'Turnover' })).toHaveAttribute(
      'aria-valuenow',
      String((100 / 1650) * 100),
    );
    expect(screen.getByTestId('running-withdrawable')).toHaveTextContent('0.00 baht');
    expect(screen.getByTestId('running-locked')).toHaveTextContent('470.00 baht');
    expect(screen.getByText(/now 420.00 baht\) falls to 55.00 baht/)).toBeInTheDocument();
  });

  it('cancels only after the member confirms, then says so and the panel goes', async () => {
    let cleared = false;
    serve(
      { bonuses: [daily], running: active },
      {
        '/api/bonus/clear': () => {
          cleared = true;
          return jsonResponse({ message: 'BONUS_CLEAR' });
        },
        // Read again after the clear, the list has no running bonus: the panel may unmount
        // before the clear's answer is handled, and the success alert must show all the same.
        '/api/bonus': () => jsonResponse({ bonuses: [daily], running: cleared ? null : active }),
      },
    );
    renderWithProviders(<BonusPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this bonus?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep the bonus' }));
    expect(calls('/api/bonus/clear')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel bonus' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this bonus?' })).getByRole(
        'button',
        { name: 'Yes, cancel it' },
      ),
    );
    expect(await screen.findByText('The bonus has been cancelled.')).toBeInTheDocument();
    expect(calls('/api/bonus/clear')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('running-bonus-panel')).toBeNull());
  });

  it('shows a clear refusal in a danger dialog', async () => {
    serve(
      { bonuses: [daily], running: active },
      {
        '/api/bonus/clear': () => jsonResponse({ code: 'NO_DATA', message: 'Not found.' }, 400),
      },
    );
    renderWithProviders(<BonusPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this bonus?' })).getByRole(
        'button',
        { name: 'Yes, cancel it' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'An error occured' });
    expect(within(dialog).getByText('Not found.')).toBeInTheDocument();
  });
});

describe('the promotion-code search', () => {
  const newYear = { percentFail: 10, description: '<p>New Year promotion: 50% up to 300</p>' };

  it('upper-cases the code as it is typed, sends it upper case and shows what it found', async () => {
    serve(
      { bonuses: [], running: null },
      {
        '/api/promotion/find/NEWYEAR2027': () => jsonResponse(newYear),
        '/api/promotion/activate/NEWYEAR2027': () => jsonResponse({ success: true }),
      },
    );
    renderWithProviders(<BonusPage />);
    const input = await screen.findByLabelText('Promotion code');
    await userEvent.type(input, 'newyear2027');
    expect(input).toHaveValue('NEWYEAR2027');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promotion NEWYEAR2027' }, lazyChunk);
    expect(within(dialog).getByText('New Year promotion: 50% up to 300')).toBeInTheDocument();
    expect(within(dialog).getByTestId('promotion-percent-fail')).toHaveTextContent(
      '10% of deposit + bonus',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText('NEWYEAR2027 is on. Your next deposit receives the bonus.'),
    ).toBeInTheDocument();
    expect(calls('/api/promotion/activate/NEWYEAR2027')).toHaveLength(1);
  });

  it('says so when no promotion has the code, without an error alert', async () => {
    serve({ bonuses: [], running: null }, { '/api/promotion/find/NOPE': () => jsonResponse({}) });
    renderWithProviders(<BonusPage />);
    await userEvent.type(await screen.findByLabelText('Promotion code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No promotion found for NOPE.')).toBeInTheDocument();
    expect(screen.queryByText('An error occured')).toBeNull();
  });

  it('requires a code and asks nothing without one', async () => {
    serve({ bonuses: [], running: null });
    renderWithProviders(<BonusPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/promotion/'))).toBe(false);
  });
});
