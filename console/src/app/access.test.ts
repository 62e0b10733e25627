import { describe, expect, it } from 'vitest';
import { needsAccount, redirectFor } from './access';

const complete = { onboarding_state: 'complete' } as const;
const initial = { onboarding_state: 'initial' } as const;
const privacy = { onboarding_state: 'privacy' } as const;

describe('redirectFor (who sees which page)', () => {
  it('decides nothing while the account is unknown', () => {
    expect(redirectFor('/settings', 'signedIn', undefined)).toBeNull();
  });

  it('sends the signed out from account pages to sign-in, remembering where they were going', () => {
    expect(redirectFor('/settings', 'signedIn', null)).toBe('/sign_in?next=%2Fsettings');
    expect(redirectFor('/settings/api_tokens', 'signedIn', null)).toBe('/sign_in?next=%2Fsettings%2Fapi_tokens');
    expect(redirectFor('/onboarding', 'onboarding', null)).toBe('/sign_in?next=%2Fonboarding');
    expect(redirectFor('/', 'anyone', null)).toBeNull();
    expect(redirectFor('/sign_in', 'signedOut', null)).toBeNull();
  });

  it('takes an account that has not finished onboarding to /onboarding from anywhere', () => {
    for (const account of [initial, privacy]) {
      expect(redirectFor('/', 'anyone', account)).toBe('/onboarding');
      expect(redirectFor('/settings', 'signedIn', account)).toBe('/onboarding');
      expect(redirectFor('/sign_in', 'signedOut', account)).toBe('/onboarding');
      expect(redirectFor('/onboarding', 'onboarding', account)).toBeNull();
    }
  });

  it('sends an onboarded account away from sign-in and onboarding, to home', () => {
    expect(redirectFor('/sign_in', 'signedOut', complete)).toBe('/');
    expect(redirectFor('/onboarding', 'onboarding', complete)).toBe('/');
    expect(redirectFor('/settings', 'signedIn', complete)).toBeNull();
    expect(redirectFor('/', 'anyone', complete)).toBeNull();
  });

  it('makes account pages wait for the account', () => {
    expect(needsAccount('signedIn')).toBe(true);
    expect(needsAccount('onboarding')).toBe(true);
    expect(needsAccount('anyone')).toBe(false);
    expect(needsAccount(undefined)).toBe(false);
  });
});
