import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SiteCredit } from './site-credit';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(async () =>
    jsonResponse({ name: 'Lucky Wallet', website: 'https://lucky.example' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the site credit', () => {
  it('shows the site’s name and website, asked once', async () => {
    renderWithProviders(
      <>
        <SiteCredit />
        <SiteCredit />
      </>,
    );
    expect(await screen.findAllByText(/© \d{4} Lucky Wallet/)).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'lucky.example' })[0]).toHaveAttribute(
      'href',
      'https://lucky.example',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not asked about the cache’s other queries', async () => {
    renderWithProviders(<SiteCredit />);
    await screen.findByText(/Lucky Wallet/);
    // Each check of the store reads the site info from the cache: count them.
    const reads = vi.spyOn(queryClient, 'getQueryData');
    act(() => {
      for (let i = 0; i < 20; i++) queryClient.setQueryData(['other', i], i);
    });
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });
});
