import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs callbacks after a delay and forgets the pending ones when the component goes away
 * (the spec's constants and limits delays: edit-name 200 ms, auto copy 1 s, register redirect 2 s).
 */
export function useLater(): (callback: () => void, ms: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback((callback, ms) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      callback();
    }, ms);
    timers.current.add(timer);
  }, []);
}
