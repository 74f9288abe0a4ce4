import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { memberProfile } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { callsTo, type Routes, servePaths } from '../../../test/serve';
import { InviteOverlays, useInviteFlow } from './invite-overlays';
import { ReferralCard } from './referral-card';

const fetchMock = vi.fn<typeof fetch>();
const banner = { image: 'data:image/png;base64,AA==', html: '<p>Invite and earn 5%</p>' };

function walletAnswer(inviteAmount: number) {
  return {
    ...memberProfile,
    wallet: { amount: 100, cash: 100, bonus: 0 },
    invite: { amount: inviteAmount, success: 0.5, fail: 5 },
    slots: [],
  };
}

const serve = (routes: Routes) => servePaths(fetchMock, routes);
const calls = (path: string) => callsTo(fetchMock, path);

function baseRoutes(inviteAmount: number, banners: unknown[] = [banner]): Routes {
  return {
    '/api/invite/banners': () => jsonResponse({ banners }),
    '/api/account/profile': () => jsonResponse(memberProfile),
    '/api/wallet': () => jsonResponse(walletAnswer(inviteAmount)),
    '/api/invite': () =>
      jsonResponse({
        total: 12,
        invites: [{ from: { name: 'Noi' }, amount: 20, createdAt: '2026-03-01T00:00:00Z' }],
      }),
  };
}

async function startInvite() {
  renderWithProviders(<InviteOverlays />);
  await act(() => useInviteFlow.getState().start());
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => useInviteFlow.getState().close());
  fetchMock.mockReset();
  notifications.clean();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the invite entry', () => {
  it('shows the banners first; closing them opens the invite modal with the link and friends', async () => {
    const user = userEvent.setup();
    serve(baseRoutes(0));
    await startInvite();

    const carousel = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(carousel).getByText('Invite and earn 5%')).toBeInTheDocument();
    expect(within(carousel).queryByLabelText('Your invite link')).toBeNull();
    await user.click(within(carousel).getByRole('button', { name: 'Continue' }));

    const link = await screen.findByLabelText('Your invite link');
    await waitFor(() => expect(link).toHaveValue(`${window.location.origin}/register?code=PR3`));
    const table = await screen.findByRole('table', { name: 'Invited friends' });
    expect(within(table).getByText('Noi')).toBeInTheDocument();
    expect(within(table).getByText('20.00 baht')).toBeInTheDocument();
    // 12 friends, 10 a page: a second page.
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/invite'))?.[1];
    expect(JSON.parse(String(body?.body))).toEqual({ page: 1, limit: 10 });
    // The rates are the wallet's (its answer may come after the friends list).
    expect(await screen.findByTestId('invite-rates')).toHaveTextContent(
      '5% of their losses and 0.5%',
    );

    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(
      await screen.findByText(`Copied: ${window.location.origin}/register?code=PR3`),
    ).toBeInTheDocument();
  });

  it('opens the modal at once when there are no banners, or they cannot be read', async () => {
    serve(baseRoutes(0, []));
    await startInvite();
    expect(await screen.findByLabelText('Your invite link')).toBeInTheDocument();
    expect(screen.queryByTestId('banner-carousel')).toBeNull();

    act(() => useInviteFlow.getState().close());
    serve({
      ...baseRoutes(0),
      '/api/invite/banners': () => jsonResponse({ code: 'INTERNAL_SERVER_ERROR' }, 500),
    });
    await act(() => useInviteFlow.getState().start());
    expect(useInviteFlow.getState().step).toBe('modal');
  });

  it('hides the loader and shows no error when the friends list fails', async () => {
    serve({ ...baseRoutes(0, []), '/api/invite': () => jsonResponse({ code: 'X' }, 400) });
    await startInvite();
    await screen.findByLabelText('Your invite link');
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).toBeNull());
    expect(screen.queryByText('An error occured')).toBeNull();
  });
});

describe('the referral card', () => {
  it('cannot receive at 0', async () => {
    serve(baseRoutes(0));
    renderWithProviders(<ReferralCard amount={0} />);
    expect(screen.getByRole('button', { name: 'Receive referral bonus' })).toBeDisabled();
  });

  it('receives the invite bonus: a success toast and the wallet read again', async () => {
    const user = userEvent.setup();
    serve({
      ...baseRoutes(25),
      '/api/invite/bonus': () => jsonResponse({ message: 'INVITE_BONUS_SUCCESS', amount: 25 }),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderWithProviders(<ReferralCard amount={25} />);
    expect(screen.getByTestId('invite-amount')).toHaveTextContent('25.00 baht');
    await user.click(screen.getByRole('button', { name: 'Receive referral bonus' }));
    expect(
      await screen.findByText('25.00 baht invite bonus added to your wallet.'),
    ).toBeInTheDocument();
    expect(calls('/api/invite/bonus')).toBe(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    invalidate.mockRestore();
  });

  it('shows an invite bonus error as a danger toast', async () => {
    const user = userEvent.setup();
    serve({
      ...baseRoutes(25),
      '/api/invite/bonus': () =>
        jsonResponse({ code: 'NO_INVITE_BONUS', message: 'There is no invite bonus.' }, 400),
    });
    renderWithProviders(<ReferralCard amount={25} />);
    await user.click(screen.getByRole('button', { name: 'Receive referral bonus' }));
    expect(await screen.findByText('There is no invite bonus to collect.')).toBeInTheDocument();
    expect(screen.getByText('An error occured')).toBeInTheDocument();
  });
});
