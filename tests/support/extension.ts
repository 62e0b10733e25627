// Chromium with the built extension loaded (console/dist-extension/unpacked, made by the console
// build), in a profile of its own: extensions need a persistent context, and the new headless mode
// runs them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';

export const unpackedExtension = fileURLToPath(new URL('../../console/dist-extension/unpacked', import.meta.url));

export async function launchWithExtension(): Promise<{
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(path.join(tmpdir(), 'contrail-extension-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: false,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${unpackedExtension}`,
      `--load-extension=${unpackedExtension}`,
    ],
    viewport: { width: 1100, height: 800 },
    locale: 'en-GB',
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    worker,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
