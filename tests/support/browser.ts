// Debian's Chromium for browser tests, launched with the flags this network needs (no background
// traffic to hosts it cannot reach).
import { chromium, type Browser, type Page } from 'playwright-core';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Signs in on the sign-in page at `signInUrl` with a password: the page asks for the identity, offers
 * a code first, and takes the password after "Sign in with a password instead". The caller waits
 * for where it lands.
 */
export async function signInByPassword(
  page: Page,
  signInUrl: string,
  who: { email: string; password: string },
): Promise<void> {
  await page.goto(signInUrl);
  await page.getByLabel('Email or phone').fill(who.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
