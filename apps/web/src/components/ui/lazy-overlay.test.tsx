import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyOverlay } from './lazy-overlay';

type Props = { opened: boolean };

/**
 * A stand-in overlay whose code arrives when the test says so. Like the browser's module map,
 * a second import of the same code gets the first one's answer; `fetched` counts real fetches.
 */
function overlayOnDemand() {
  let arrive: () => void = () => {};
  let module: Promise<ComponentType<Props>> | null = null;
  const fetched = { count: 0 };
  const Overlay = lazyOverlay<Props>(
    () => {
      module ??= new Promise((resolve) => {
        fetched.count += 1;
        arrive = () => resolve(({ opened }: Props) => <p>{opened ? 'open' : 'closed'}</p>);
      });
      return module;
    },
    (props) => props.opened,
  );
  return { Overlay, fetched, arrive: () => arrive() };
}

function Screen({ Overlay }: { Overlay: ReturnType<typeof overlayOnDemand>['Overlay'] }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened((o) => !o)}>
        toggle
      </button>
      <Overlay opened={opened} />
    </>
  );
}

describe('lazyOverlay', () => {
  it('fetches nothing while the overlay is closed, however long the screen stays', () => {
    vi.useFakeTimers();
    try {
      const { Overlay, fetched } = overlayOnDemand();
      const { container } = render(<Screen Overlay={Overlay} />);
      vi.advanceTimersByTime(60_000); // the page has long settled
      expect(fetched.count).toBe(0);
      expect(container.querySelector('.wallet-route-progress')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the progress bar while its code arrives, then the overlay, and keeps it mounted', async () => {
    const user = userEvent.setup();
    const { Overlay, fetched, arrive } = overlayOnDemand();
    const { container } = render(<Screen Overlay={Overlay} />);
    const progress = () => container.querySelector('.wallet-route-progress');

    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(progress()).not.toBeNull());
    expect(fetched.count).toBe(1);

    arrive();
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(progress()).toBeNull();

    // Closed, it stays mounted (its closing animation runs); opened again, nothing is fetched.
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(fetched.count).toBe(1);
  });

  it('opens with the code a flow fetched ahead (banners-first.tsx), without a second fetch', async () => {
    const user = userEvent.setup();
    const { Overlay, fetched, arrive } = overlayOnDemand();
    Overlay.preload();
    expect(fetched.count).toBe(1);
    arrive();

    render(<Screen Overlay={Overlay} />);
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(fetched.count).toBe(1);
  });
});
