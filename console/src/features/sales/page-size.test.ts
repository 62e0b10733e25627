import { describe, expect, it } from 'vitest';
import { salesPageSize } from './page-size';

describe('the sales page size (product spec §9)', () => {
  it.each([
    [320, 5],
    [499, 5],
    [499.9, 5],
    [500, 17], // (500 − 200) / 18 + 1 = 17.67
    [568, 21],
    [722, 30], // exactly 30
    [723, 30],
    [740, 31],
    [900, 39],
    [1080, 49],
    [1440, 69],
  ])('holds %d px → %d rows', (height, rows) => {
    expect(salesPageSize(height)).toBe(rows);
  });
});
