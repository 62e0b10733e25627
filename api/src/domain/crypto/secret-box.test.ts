import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

const key = 'k'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(key, 'channel-credential');
    const a = box.seal('sbx_LH_agency');
    const b = box.seal('sbx_LH_agency');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sbx_LH');
    expect(box.open(a)).toBe('sbx_LH_agency');
  });

  it('refuses a secret sealed for another purpose or another key, and a tampered one', () => {
    const sealed = createSecretBox(key, 'card-number').seal('4111111111111111');
    expect(() => createSecretBox(key, 'channel-credential').open(sealed)).toThrow();
    expect(() => createSecretBox('z'.repeat(40), 'card-number').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => createSecretBox(key, 'card-number').open(parts.join('.'))).toThrow();
  });
});
