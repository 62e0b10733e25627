import { describe, expect, it } from 'vitest';
import { wholeMonths } from './sales-analytics.repository.js';

describe('the whole months inside a range', () => {
  it.each([
    ['2024-02-01', '2024-02-29', { first: '2024-02-01', lastStart: '2024-02-01', end: '2024-02-29' }],
    ['2024-02-15', '2024-03-31', { first: '2024-03-01', lastStart: '2024-03-01', end: '2024-03-31' }],
    ['2025-11-23', '2026-11-22', { first: '2025-12-01', lastStart: '2026-10-01', end: '2026-10-31' }],
    ['2024-12-01', '2025-01-31', { first: '2024-12-01', lastStart: '2025-01-01', end: '2025-01-31' }],
    ['2024-02-02', '2024-02-29', null],
    ['2024-02-01', '2024-02-28', null],
    ['2024-02-10', '2024-03-20', null],
  ])('%s – %s', (from, to, want) => {
    expect(wholeMonths({ from, to })).toEqual(want);
  });
});
