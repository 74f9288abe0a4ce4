import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

/** What the page hands vite-plugin-pwa's registration, and the take-over it gets back. */
const registration = vi.hoisted(() => ({
  options: undefined as RegisterSWOptions | undefined,
  takeOver: vi.fn<(reload?: boolean) => Promise<void>>(),
}));

vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: RegisterSWOptions) => {
    registration.options = options;
    return registration.takeOver;
  },
}));

const { registerServiceWorker, UPDATE_CHECK_MS, UPDATE_CHECK_ON_RETURN_MS } = await import(
  './service-worker'
);

afterEach(() => {
  registration.takeOver.mockReset();
  registration.options = undefined;
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the service worker registration', () => {
  it('registers at once: the page has settled by the time it is loaded', () => {
    registerServiceWorker();
    expect(registration.options?.immediate).toBe(true);
  });

  it('asks the member to reload when a new version waits, and lets it take over on their word', async () => {
    renderWithProviders(<p>home</p>);
    registerServiceWorker();
    act(() => registration.options?.onNeedRefresh?.());

    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();
    expect(screen.getByText('Reload to use the latest version of the app.')).toBeInTheDocument();
    // Nothing happens behind the member's back: the prompt waits for them.
    expect(registration.takeOver).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(registration.takeOver).toHaveBeenCalledWith(true);
  });

  it('shows one prompt however often the new version is announced', async () => {
    renderWithProviders(<p>home</p>);
    registerServiceWorker();
    act(() => {
      registration.options?.onNeedRefresh?.();
      registration.options?.onNeedRefresh?.();
    });
    await screen.findByText('A new version is ready');
    expect(screen.getAllByRole('button', { name: 'Reload now' })).toHaveLength(1);
  });

  it('asks the server for a new version every hour, and on coming back after a while', () => {
    vi.useFakeTimers();
    const update = vi.fn(() => Promise.resolve());
    registerServiceWorker();
    registration.options?.onRegisteredSW?.('/sw.js', {
      installing: null,
      update,
    } as unknown as ServiceWorkerRegistration);

    vi.advanceTimersByTime(UPDATE_CHECK_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    // Just asked: coming back at once asks nothing more.
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_ON_RETURN_MS + 1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });
});
