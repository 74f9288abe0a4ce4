import { describe, expect, it, vi } from 'vitest';
import { preloadOnFirstUse } from './lazy-zod-resolver';

describe('preloadOnFirstUse', () => {
  it('fetches nothing until the form is first touched, then once however often it is touched', () => {
    const load = vi.fn(() => Promise.resolve());
    const touched = preloadOnFirstUse(load);
    expect(load).not.toHaveBeenCalled();

    touched();
    touched();
    touched();

    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next touch when the fetch failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const touched = preloadOnFirstUse(load);

    touched();
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the failure comes back
    touched();
    touched();

    expect(load).toHaveBeenCalledTimes(2);
  });
});
