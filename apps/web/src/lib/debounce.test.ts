import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, 500 ms after the last of a burst of calls, with its arguments', () => {
    const run = vi.fn();
    const debounced = debounce(run, 500);
    debounced.call('a');
    vi.advanceTimersByTime(300);
    debounced.call('b');
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('b');
  });

  it('runs again for a call after the wait', () => {
    const run = vi.fn();
    const debounced = debounce(run, 500);
    debounced.call();
    vi.advanceTimersByTime(500);
    debounced.call();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets a pending run when cancelled', () => {
    const run = vi.fn();
    const debounced = debounce(run, 500);
    debounced.call();
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
