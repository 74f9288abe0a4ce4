import { afterEach, describe, expect, it, vi } from 'vitest';
import { openGameWindow } from './open-game-window';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeWindow() {
  return { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
}

afterEach(() => vi.restoreAllMocks());

describe('openGameWindow', () => {
  it('opens the tab in the tap, before the awaited call, then sends it to the link', async () => {
    const tab = fakeWindow();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const link = deferred<string>();
    const order: string[] = [];
    open.mockImplementation(() => {
      order.push('open');
      return tab as unknown as Window;
    });

    const done = openGameWindow(() => {
      order.push('load');
      return link.promise;
    });
    // Synchronously, before the link (a transfer, an auto-login call) has answered.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(order).toEqual(['open', 'load']);
    expect(tab.location.href).toBe('');

    link.resolve('/sandbox/games/PG/play?session=abc');
    await done;
    expect(tab.location.href).toBe(`${window.location.origin}/sandbox/games/PG/play?session=abc`);
    expect(tab.opener).toBeNull();
  });

  it('closes the empty tab when the link cannot be had', async () => {
    const tab = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const failure = new Error('TRANSFER_FAIL');
    await expect(openGameWindow(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(tab.close).toHaveBeenCalled();
  });
});
