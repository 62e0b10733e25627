import { describe, expect, it } from 'vitest';
import { bestName } from './resolve.js';

describe('bestName', () => {
  const names = [
    { id: 'agy_word', name: 'Agency Travel' },
    { id: 'agy_zeph', name: 'Zephyrine Voyages' },
    { id: 'agy_acme', name: 'Acme Corp' },
  ];

  it('takes a whole name with typos over a partner whose first word merely appears', () => {
    expect(bestName('channels of agency Zefyrine Voyages', names)?.item.id).toBe('agy_zeph');
  });

  it('still takes a first word alone when no whole name is near', () => {
    expect(bestName('balance of Acme', names)?.item.id).toBe('agy_acme');
    expect(bestName('channels of agency', names)?.item.id).toBe('agy_word');
  });
});
