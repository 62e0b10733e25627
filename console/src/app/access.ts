// Who may see which page (product spec §2, §4): the settings need a signed-in account, sign-in is
// for the signed out, and an account that has not finished onboarding is taken to /onboarding
// whatever it opens. Pure, so the rules are tested without a browser.
import type { AccountDetails } from '@contrail/sdk';

export type Access = 'anyone' | 'signedOut' | 'onboarding' | 'signedIn';

export const signInPath = '/sign_in';
export const onboardingPath = '/onboarding';

/**
 * Where to send the visitor instead of `path`, or `null` to show it. `account` is `undefined`
 * while unknown (nothing is decided then), `null` when signed out.
 */
export function redirectFor(
  path: string,
  access: Access | undefined,
  account: Pick<AccountDetails, 'onboarding_state'> | null | undefined,
): string | null {
  if (account === undefined) return null;
  if (account === null) {
    if (access === 'signedIn' || access === 'onboarding') return `${signInPath}?next=${encodeURIComponent(path)}`;
    return null;
  }
  if (account.onboarding_state !== 'complete') return path === onboardingPath ? null : onboardingPath;
  if (access === 'signedOut' || access === 'onboarding') return '/';
  return null;
}

/** Whether the page must wait for the account before it can be shown. */
export function needsAccount(access: Access | undefined): boolean {
  return access === 'signedIn' || access === 'onboarding';
}
