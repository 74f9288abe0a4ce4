import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * An overlay (modal, drawer) that the screen under it does not need in order to show: its code
 * is fetched when it is first wanted, and it renders nothing until `wanted(props)` first holds;
 * from then on it stays mounted, so it closes with its animation and opens again at once.
 * While that first fetch runs, the thin progress bar of a route change shows at the top.
 *
 * Nothing is fetched ahead unless a flow asks (`preload`): fetching every closed overlay once
 * the page had settled cost the member's first screen 4–6 Lighthouse points on a phone (module
 * evaluation, link insertion and a style recalculation for each overlay's stylesheet,
 * docs/performance.md), for overlays most visits never open; a first opening waits one round
 * trip instead. A chunk that fails to arrive reaches the routes' error page, as a screen's does.
 */
export function lazyOverlay<P extends object>(
  load: () => Promise<ComponentType<P>>,
  wanted: (props: P) => boolean,
): ComponentType<P> & { preload: () => void } {
  const Overlay = lazy(async () => ({ default: await load() }));

  function LazyOverlay(props: P) {
    const [mounted, setMounted] = useState(false);
    if (!mounted && wanted(props)) setMounted(true);
    if (!mounted) return null;
    return (
      <Suspense fallback={<div className="wallet-route-progress" aria-hidden />}>
        <Overlay {...props} />
      </Suspense>
    );
  }
  // For a flow that knows the overlay comes next (banners-first.tsx): the module loader keeps
  // what arrives, so the overlay's own fetch later finds it there.
  return Object.assign(LazyOverlay, { preload: () => void load().catch(() => undefined) });
}
