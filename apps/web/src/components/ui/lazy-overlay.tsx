import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenSettled } from '../../lib/when-settled';

/**
 * An overlay (modal, drawer) that the screen under it does not need in order to show: its code
 * is fetched once the page has settled (or when it is first wanted, if sooner), and it renders
 * nothing until `wanted(props)` first holds; from then on it stays mounted, so it closes with
 * its animation and opens again at once. The first screen's paint therefore waits for none of
 * the modal machinery (focus trap, scroll lock, portals) nor the overlay's own forms.
 */
export function lazyOverlay<P extends object>(
  load: () => Promise<ComponentType<P>>,
  wanted: (props: P) => boolean,
): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed chunk is fetched again next time
      throw error;
    });
    return loading;
  };
  const Overlay = lazy(async () => ({ default: await loadOnce() }));

  function LazyOverlay(props: P) {
    const [mounted, setMounted] = useState(false);
    if (!mounted && wanted(props)) setMounted(true);
    useEffect(() => whenSettled(() => void loadOnce().catch(() => undefined)), []);
    if (!mounted) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  }
  return LazyOverlay;
}
