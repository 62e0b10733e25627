import { describe, expect, it } from 'vitest';
import { takeApiTokenCookie } from './token-cookie';

/** A stand-in for document.cookie: reading gives the jar, writing records the change. */
function jar(initial: string) {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return initial;
    },
    set cookie(value: string) {
      writes.push(value);
    },
  };
}

describe('takeApiTokenCookie', () => {
  it('reads the new token and deletes the cookie', () => {
    const doc = jar('contrail_csrf=abc; contrail_api_token=ctr_test_a%2Bb=c; other=1');
    expect(takeApiTokenCookie(doc)).toBe('ctr_test_a+b=c');
    expect(doc.writes).toEqual(['contrail_api_token=; Max-Age=0; Path=/; SameSite=Strict']);
  });

  it('answers undefined and writes nothing without the cookie', () => {
    const doc = jar('contrail_csrf=abc');
    expect(takeApiTokenCookie(doc)).toBeUndefined();
    expect(doc.writes).toEqual([]);
  });
});
