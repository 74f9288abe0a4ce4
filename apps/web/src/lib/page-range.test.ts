import { describe, expect, it } from 'vitest';
import { pageCount, pageRange } from './page-range';

describe('the page range of a paged list', () => {
  it('shows 3 pages before the current one and 1 after', () => {
    expect(pageRange(6, 20)).toEqual([3, 4, 5, 6, 7]);
  });

  it('is clipped at the first and the last page', () => {
    expect(pageRange(1, 20)).toEqual([1, 2]);
    expect(pageRange(2, 20)).toEqual([1, 2, 3]);
    expect(pageRange(20, 20)).toEqual([17, 18, 19, 20]);
    expect(pageRange(1, 1)).toEqual([1]);
  });

  it('has no pages for an empty statement, and keeps a page past the end inside', () => {
    expect(pageRange(1, 0)).toEqual([]);
    expect(pageRange(9, 5)).toEqual([2, 3, 4, 5]);
  });

  it('counts pages of 10', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
