import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toUserInfo, WalletResponseSchema } from '@wallet/contract/wallet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { bahtLimits, kipLimits, walletAnswer } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { mmss, QrDeposit } from './qr-deposit';

const fetchMock = vi.fn<typeof fetch>();
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function live(expireIn: number, amount = 100) {
  return { hasQrcode: true, qrcodeId: 'qr-1', qrcode: PIXEL, amount, expireIn };
}

/** The member's limits lookup, and `other` for every other call. */
function answer(url: unknown, other: () => Response, limits: object = bahtLimits): Response {
  return String(url).includes('/api/lookup/withdraw') ? jsonResponse(limits) : other();
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('mmss', () => {
  it('shows seconds as minutes and seconds', () => {
    expect(mmss(600)).toBe('10:00');
    expect(mmss(61)).toBe('01:01');
    expect(mmss(0)).toBe('00:00');
    expect(mmss(-3)).toBe('00:00');
  });
});

describe('the QR deposit flow', () => {
  it("offers the provider's quick amounts and creates only from its minimum", async () => {
    fetchMock.mockImplementation(async (url, init) =>
      answer(url, () =>
        init?.method === 'POST' ? jsonResponse(live(600)) : jsonResponse({ hasQrcode: false }),
      ),
    );
    renderWithProviders(<QrDeposit provider="WW" onDone={() => {}} />);
    const create = await screen.findByRole('button', { name: 'Create QR code' });
    for (const quick of ['100', '200', '300', '500', '1,000']) {
      expect(screen.getByRole('button', { name: quick })).toBeInTheDocument();
    }
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Amount (baht)'), '99');
    expect(create).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '200' }));
    expect(create).toBeEnabled();
    await userEvent.click(create);

    expect(await screen.findByTestId('qr-countdown')).toHaveTextContent(/^(10:00|09:59)$/);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/qrcode/WW');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: 200 });
    expect(new Headers(post?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses more than the largest deposit of the currency before asking the server', async () => {
    fetchMock.mockImplementation(async (url) =>
      answer(url, () => jsonResponse({ hasQrcode: false })),
    );
    renderWithProviders(<QrDeposit provider="KBANK" onDone={() => {}} />);
    const create = await screen.findByRole('button', { name: 'Create QR code' });
    expect(await screen.findByText('Minimum 1 baht · Maximum 100,000 baht')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount (baht)'), '100001');
    expect(create).toBeDisabled();
  });

  it('shows a kip member kip buttons and kip limits (issue 30)', async () => {
    queryClient.setQueryData(
      queryKeys.wallet.summary(),
      toUserInfo(
        WalletResponseSchema.parse({
          ...walletAnswer,
          profile: { ...walletAnswer.profile, currency: 'LAK' },
        }),
        new Date(),
      ),
    );
    fetchMock.mockImplementation(async (url) =>
      answer(url, () => jsonResponse({ hasQrcode: false }), kipLimits),
    );
    renderWithProviders(<QrDeposit provider="WW" onDone={() => {}} />);
    const create = await screen.findByRole('button', { name: 'Create QR code' });
    expect(
      await screen.findByText('Minimum 50,000 kip · Maximum 60,000,000 kip'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '100,000' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount (kip)'), '100');
    expect(create).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '200,000' }));
    expect(create).toBeEnabled();
  });

  it('counts down each second and returns to the amount form at 00:00', async () => {
    fetchMock.mockImplementation(async (url) => answer(url, () => jsonResponse(live(2))));
    renderWithProviders(<QrDeposit provider="KBANK" onDone={() => {}} />);
    expect(await screen.findByTestId('qr-countdown')).toHaveTextContent('00:02');
    await waitFor(() => expect(screen.getByTestId('qr-countdown')).toHaveTextContent('00:01'), {
      timeout: 1500,
    });
    expect(
      await screen.findByRole('button', { name: 'Create QR code' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it("shows the provider's refusal as a danger toast", async () => {
    fetchMock.mockImplementation(async (url, init) =>
      answer(url, () =>
        init?.method === 'POST'
          ? jsonResponse({
              hasQrcode: false,
              message: 'PAYTIMZ is under maintenance',
              code: 'QR_FAIL',
            })
          : jsonResponse({ hasQrcode: false }),
      ),
    );
    renderWithProviders(<QrDeposit provider="PAYTIMZ" onDone={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: '50' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByText('PAYTIMZ is under maintenance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create QR code' })).toBeInTheDocument();
  });

  it('cancels the QR, and "Transfer done" closes with a toast', async () => {
    let cancelled = false;
    fetchMock.mockImplementation(async (url, init) =>
      answer(url, () => {
        if (init?.method === 'DELETE') {
          cancelled = true;
          return jsonResponse({ success: true });
        }
        return jsonResponse(cancelled ? { hasQrcode: false } : live(300));
      }),
    );
    const onDone = vi.fn();
    renderWithProviders(<QrDeposit provider="KBANK" onDone={onDone} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer done' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(await screen.findByText(/Your balance updates/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel QR' }));
    expect(await screen.findByRole('button', { name: 'Create QR code' })).toBeInTheDocument();
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(del?.[0])).toContain('/api/qrcode/qr-1');
  });
});
