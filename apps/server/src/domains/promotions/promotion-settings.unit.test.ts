import { describe, expect, it } from 'vitest';
import { chancesOf } from './promotion-settings';

describe("the wheel's weights as chances", () => {
  it('adds up to exactly 100.00 % whatever the weights', () => {
    expect(chancesOf([30, 12, 25, 6, 7, 15, 2, 3])).toEqual([
      3000, 1200, 2500, 600, 700, 1500, 200, 300,
    ]);
    // Thirds: the hundredth left over goes to the first of the equal remainders.
    expect(chancesOf([1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(chancesOf([1, 0, 2])).toEqual([3333, 0, 6667]);
    expect(chancesOf([0, 0])).toEqual([0, 0]);
    for (const weights of [
      [7, 11, 13],
      [1, 2, 3, 4, 5, 6, 7],
      [999_999, 1],
    ]) {
      expect(chancesOf(weights).reduce((sum, chance) => sum + chance, 0)).toBe(10_000);
    }
  });
});
