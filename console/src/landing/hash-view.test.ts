import { describe, expect, it } from 'vitest';
import { viewOfHash } from './hash-view';

describe('landing views by hash', () => {
  it('shows the main view for an empty hash or "/", the flights for "flights"', () => {
    expect(viewOfHash('')).toBe('main');
    expect(viewOfHash('#')).toBe('main');
    expect(viewOfHash('#/')).toBe('main');
    expect(viewOfHash('#flights')).toBe('flights');
    expect(viewOfHash('#/flights')).toBe('main');
    expect(viewOfHash('#press')).toBe('main');
  });
});
