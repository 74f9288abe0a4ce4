import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { showSpinError } from './spin-error';

describe('a spin or claim failure', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const shown = () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('');
    return () => show.mock.calls[0]?.[0];
  };

  it('shows the generic error title with the text of spin.error.{code}', () => {
    const alert = shown();
    showSpinError(new ApiError(400, 'COUPON_EXPIRED', 'This coupon has expired.'));
    expect(alert()).toMatchObject({ color: 'red', title: 'An error occured' });
    expect(alert()?.message).toBe('This coupon has expired.');
  });

  it('reads no coin as the spin’s own words, not the wallet’s', () => {
    const alert = shown();
    showSpinError(new ApiError(400, 'MONEY_NOT_ENOUGH', 'The balance is not enough.'));
    expect(alert()?.message).toBe('You have no coins left. Deposit to earn more.');
  });

  it('reads a failure without a spin text as any other error', () => {
    const alert = shown();
    showSpinError(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.'));
    expect(alert()).toMatchObject({ title: 'An error occured' });
    expect(alert()?.message).not.toMatch(/^spin\.error/);
  });
});
