import { describe, expect, it } from 'vitest';
import { pickWeighted } from './spin-odds';

const slices = [
  { code: 'NONE', weight: 0 },
  { code: 'SMALL', weight: 3 },
  { code: 'BIG', weight: 1 },
];

describe('the weighted pick of a slice', () => {
  it('gives each draw to the slice whose range holds it, never to a slice of weight 0', () => {
    const picked = [0, 1, 2, 3].map((point) => pickWeighted(slices, () => point)?.code);
    expect(picked).toEqual(['SMALL', 'SMALL', 'SMALL', 'BIG']);
  });

  it('draws over the total weight', () => {
    let asked = 0;
    pickWeighted(slices, (max) => {
      asked = max;
      return 0;
    });
    expect(asked).toBe(4);
  });

  it('always lands on the only slice with weight', () => {
    const two = [
      { code: 'A', weight: 0 },
      { code: 'B', weight: 1 },
    ];
    for (let i = 0; i < 200; i++) expect(pickWeighted(two)?.code).toBe('B');
  });

  it('follows the weights over many crypto draws', () => {
    const counts = { NONE: 0, SMALL: 0, BIG: 0 };
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const code = pickWeighted(slices)?.code as keyof typeof counts;
      counts[code] += 1;
    }
    expect(counts.NONE).toBe(0);
    // Expected 15 000 and 5 000; the bound is about 8 standard deviations (σ ≈ 61).
    expect(Math.abs(counts.SMALL - 15_000)).toBeLessThan(500);
    expect(Math.abs(counts.BIG - 5_000)).toBeLessThan(500);
  });

  it('has nothing to pick when no slice has weight', () => {
    expect(pickWeighted([{ weight: 0 }])).toBeNull();
    expect(pickWeighted([])).toBeNull();
  });
});
