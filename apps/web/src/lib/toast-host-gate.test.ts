import { describe, expect, it, vi } from 'vitest';

/** A fresh gate: each test's page has shown no toast yet. */
async function freshGate() {
  vi.resetModules();
  return import('./toast-host-gate');
}

describe('the toast host gate', () => {
  it('tells the host at once, and once, when the first toast wants it', async () => {
    const { onToastHostWanted, wantToastHost } = await freshGate();
    const listener = vi.fn();
    onToastHostWanted(listener);
    expect(listener).not.toHaveBeenCalled();
    wantToastHost();
    wantToastHost();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells a host that starts listening after a toast was shown', async () => {
    const { onToastHostWanted, wantToastHost } = await freshGate();
    wantToastHost();
    const listener = vi.fn();
    onToastHostWanted(listener);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells nobody who stopped listening', async () => {
    const { onToastHostWanted, wantToastHost } = await freshGate();
    const listener = vi.fn();
    onToastHostWanted(listener)();
    wantToastHost();
    expect(listener).not.toHaveBeenCalled();
  });
});
