import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextPaint } from './next-paint';

describe('nextPaint', () => {
  it('waits for the next animation frame, and resolves after it', async () => {
    let settled = false;
    const painted = nextPaint().then(() => {
      settled = true;
    });
    let framed = false;
    requestAnimationFrame(() => {
      framed = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await painted;
    expect(framed).toBe(true);
  });

  it('asks once the frame is painted, and answers what was asked', async () => {
    const ask = vi.fn(async () => 'answer');
    const answer = afterNextPaint(ask)();
    await Promise.resolve();
    expect(ask).not.toHaveBeenCalled();
    expect(await answer).toBe('answer');
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
