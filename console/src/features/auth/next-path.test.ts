import { describe, expect, it } from 'vitest';
import { nextPathFrom } from './next-path';

describe('nextPathFrom', () => {
  it('returns the in-app page the visitor came from', () => {
    expect(nextPathFrom('?next=%2Fsettings%2Fapi_tokens')).toBe('/settings/api_tokens');
  });

  it('goes home without a next page, or with one outside the console or back to sign-in', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https://evil.test',
      '?next=//evil.test',
      '?next=/\\evil.test',
      '?next=/sign_in',
    ]) {
      expect(nextPathFrom(search), search).toBe('/');
    }
  });
});
