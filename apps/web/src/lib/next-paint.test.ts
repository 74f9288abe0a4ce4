import { describe, expect, it } from 'vitest';
import { nextPaint } from './next-paint';

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
});
