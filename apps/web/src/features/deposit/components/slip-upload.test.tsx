import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SlipUpload } from './slip-upload';

const fetchMock = vi.fn<typeof fetch>();
const MB = 1024 * 1024;

const lookups: Record<string, unknown> = {
  '/api/lookup/slip': { isActive: true, uploadWindowMinutes: 60, maxSizeMb: 1 },
  '/api/lookup/deposit': {
    banks: [
      {
        bankCode: 'GSB',
        bankType: 'BANK',
        mode: 'MANUAL',
        bank: { nameTH: 'ธนาคารออมสิน', nameEN: 'Government Savings Bank' },
        bankAccountName: 'Member Wallet Co., Ltd.',
        bankAccountNo: '0203456789',
        currency: 'BAHT',
      },
    ],
    wallets: [],
    isManual: true,
  },
};

const uploaded = {
  success: true,
  slip: {
    _id: '1',
    createdAt: '2026-11-25T10:00:00.000Z',
    amount: 0,
    status: 'processing',
    note: null,
    link: '/api/statement/slip/image/1?expires=1&signature=x',
    reference: '',
  },
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) =>
    init?.method === 'POST' ? jsonResponse(uploaded) : jsonResponse(lookups[String(url)]),
  );
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** The file the member picks; the browser's picker may offer "all files", so accept is not applied. */
async function choose(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
  await user.click(screen.getByRole('button', { name: 'Upload slip' }));
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the slip upload', () => {
  it('shows the manual account and the slip rule', async () => {
    renderWithProviders(<SlipUpload onDone={() => {}} />);
    expect(await screen.findByText(/Government Savings Bank 020-345-6789/)).toBeInTheDocument();
    expect(screen.getByText(/genuine bank-app files, not screenshots/)).toBeInTheDocument();
    expect(await screen.findByText('Up to 1 MB')).toBeInTheDocument();
  });

  it.each([
    ['a file of another type', new File(['GIF89a'], 'slip.gif', { type: 'image/gif' })],
    ['an empty file', new File([], 'slip.png', { type: 'image/png' })],
    [
      'a file above the size of the slip lookup',
      new File([new Uint8Array(MB + 1)], 'slip.png', { type: 'image/png' }),
    ],
  ])('refuses %s before sending anything', async (_case, file) => {
    renderWithProviders(<SlipUpload onDone={() => {}} />);
    await screen.findByText('Up to 1 MB');
    await choose(file);
    expect(await screen.findByText('The file is not a valid slip image.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends a PNG as a multipart form under a fresh key and says it is being checked', async () => {
    const onDone = vi.fn();
    renderWithProviders(<SlipUpload onDone={onDone} />);
    await screen.findByText('Up to 1 MB');
    await choose(new File([new Uint8Array(2048)], 'slip.png', { type: 'image/png' }));
    expect(await screen.findByText(/is being checked/)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
    const [url, init] = posts()[0] ?? [];
    expect(String(url)).toBe('/api/wallet/slip');
    const form = init?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(form instanceof FormData && form.get('document')).toBeInstanceOf(File);
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
