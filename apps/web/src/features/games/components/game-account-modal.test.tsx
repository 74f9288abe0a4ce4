import { screen } from '@testing-library/react';
import { SlotSchema } from '@wallet/contract/games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { walletAnswer } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { servePaths } from '../../../test/serve';
import { GameRow } from '../../wallet/components/game-row';
import { GameAccountModal } from './game-account-modal';

const fetchMock = vi.fn<typeof fetch>();

/** The wallet with PG under maintenance (issue 33), the member's account there open. */
const inMaintenance = {
  ...walletAnswer,
  slots: walletAnswer.slots.map((slot) =>
    slot.code === 'PG' ? { ...slot, maintenance: true } : slot,
  ),
};
const account = {
  username: 'mw3',
  password: 'secret-pass',
  game: {
    name: 'PG',
    code: 'PG',
    isActive: true,
    background: '',
    logo: '',
    web: 'https://pg.example/play',
    android: null,
    ios: null,
  },
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  servePaths(fetchMock, {
    '/api/wallet': () => jsonResponse(inMaintenance),
    '/api/wallet/account/PG': () => jsonResponse(account),
  });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('a game under maintenance', () => {
  it('shows in the home carousel as under maintenance, not as a failure', async () => {
    const slots = SlotSchema.array()
      .parse(inMaintenance.slots)
      .filter((slot) => slot.category === 'slot');
    renderWithProviders(<GameRow title="Slots" slots={slots} onSelect={() => {}} />);
    const pg = screen.getByRole('button', { name: /^PG / });
    expect(pg).toHaveTextContent('Under maintenance');
    expect(pg).not.toHaveTextContent('Active');
  });

  it('says so in its modal, keeps the balance in view and turns play, reset and links off', async () => {
    renderWithProviders(<GameAccountModal game="PG" onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Under maintenance');
    expect(alert).toHaveTextContent('PG is under maintenance');
    expect(await screen.findByDisplayValue('mw3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    expect(screen.getByLabelText('Amount to move to the game (baht)')).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Website' })).toBeNull();
  });
});
