// Waiting in tests for what a worker does in the background: read until the value is done, or
// fail with what was last read.
export async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * Rate limits count in whole wall-clock minutes: a test that needs its requests in one window
 * starts at least `marginMs` before the current one ends, or waits for the next.
 */
export async function wellInsideMinute(marginMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
