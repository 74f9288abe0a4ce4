import { describe, expect, it } from 'vitest';
import {
  easeOut,
  restRotation,
  sliceAngle,
  sliceAtRotation,
  spinPlan,
  stopRotation,
  wheelSize,
} from './wheel-geometry';

describe('the wheel geometry', () => {
  it('is at most 350 px wide and 85% of a narrow window', () => {
    expect(wheelSize(1280)).toBe(350);
    expect(wheelSize(390)).toBe(331);
    expect(wheelSize(320)).toBe(272);
  });

  it('shows slice 0 under the pointer at rest, then the slices clockwise', () => {
    expect(sliceAtRotation(0, 8)).toBe(0);
    expect(sliceAtRotation(restRotation(8), 8)).toBe(0);
    expect(restRotation(8)).toBe(-22.5);
    // Turning the wheel clockwise by a little brings the last slice under the pointer.
    expect(sliceAtRotation(10, 8)).toBe(7);
    expect(sliceAtRotation(-10, 8)).toBe(0);
    expect(sliceAtRotation(360 - 50, 8)).toBe(1);
  });

  it('stops inside the chosen slice for every slice, from anywhere, at any offset', () => {
    for (const count of [2, 3, 8, 12]) {
      for (let index = 0; index < count; index++) {
        for (const from of [0, 17.5, 359.9, 720 + 133, -45]) {
          for (const offset of [0.2, 0.5, 0.8]) {
            for (const turns of [2, 3]) {
              const stop = stopRotation(from, index, count, { turns, offset });
              expect(sliceAtRotation(stop, count), `${count}/${index}/${from}`).toBe(index);
              // Forward only, by the full turns and less than one more.
              expect(stop - from).toBeGreaterThanOrEqual(turns * 360);
              expect(stop - from).toBeLessThan((turns + 1) * 360);
              // Away from the slice's borders.
              const inside = (((360 - (stop % 360)) % 360) / sliceAngle(count)) % 1;
              expect(inside).toBeGreaterThan(0.19);
              expect(inside).toBeLessThan(0.81);
            }
          }
        }
      }
    }
  });

  it('plans 4 to 5 s and 2 or 3 full turns', () => {
    expect(spinPlan(() => 0)).toEqual({ durationMs: 4000, turns: 2, offset: 0.2 });
    const high = spinPlan(() => 0.999_999);
    expect(high.durationMs).toBe(5000);
    expect(high.turns).toBe(3);
    expect(high.offset).toBeLessThan(0.8);
    for (let i = 0; i < 100; i++) {
      const plan = spinPlan();
      expect(plan.durationMs).toBeGreaterThanOrEqual(4000);
      expect(plan.durationMs).toBeLessThanOrEqual(5000);
      expect([2, 3]).toContain(plan.turns);
    }
  });

  it('eases out from 0 to 1', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.5);
  });
});
