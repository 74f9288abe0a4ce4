import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timings } from '@wallet/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AgreementModal } from './agreement-modal';

const fetchMock = vi.fn<typeof fetch>();
const agreement = { title: 'Member agreement', html: '<p>One member, one account.</p>' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonResponse(agreement));
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
  useSessionStore.getState().setAgreement(false);
});

describe('the member agreement on home', () => {
  it('appears 1.5 s after home opens, and accepting it is remembered', async () => {
    useSessionStore.getState().setAgreement(false);
    renderWithProviders(<AgreementModal />);
    const opened = Date.now();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Member agreement' },
      { timeout: 4000 },
    );
    expect(Date.now() - opened).toBeGreaterThanOrEqual(timings.agreementModalDelayMs - 50);
    expect(dialog).toHaveTextContent('One member, one account.');

    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(useSessionStore.getState().agreement).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays away, and asks the server nothing, once the member has agreed', async () => {
    useSessionStore.getState().setAgreement(true);
    renderWithProviders(<AgreementModal />);
    await new Promise((resolve) => setTimeout(resolve, timings.agreementModalDelayMs + 300));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
