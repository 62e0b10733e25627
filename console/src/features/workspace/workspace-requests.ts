// What the workspace's try-it may send. Every call is marked as the workspace's (the request log
// tells it from the console's own calls and from the agency's programs by this header). Live mode
// is read-only, as Stripe's shell is: a live token moves real money and real tickets, so the
// workspace sends only reads (GET, HEAD) with it and refuses the rest before it leaves the browser.
export type WorkspaceMode = 'test' | 'live';

export const sourceHeader = 'Contrail-Source';
export const sourceValue = 'workspace';

const readMethods = new Set(['GET', 'HEAD']);

/** Whether the workspace may send a request of this method in this mode. */
export function mayTry(mode: WorkspaceMode, method: string): boolean {
  return mode === 'test' || readMethods.has(method.toUpperCase());
}

/** The mode a token belongs to, by its prefix; `null` for anything that is not one of ours. */
export function tokenMode(token: string): WorkspaceMode | null {
  if (/^ctr_test_\w+$/.test(token)) return 'test';
  if (/^ctr_live_\w+$/.test(token)) return 'live';
  return null;
}

export class LiveModeReadOnly extends Error {
  constructor(
    readonly method: string,
    message = `Live mode is read-only in the workspace: ${method} requests are not sent.`,
  ) {
    super(message);
    this.name = 'LiveModeReadOnly';
  }
}

/**
 * Marks a request as the workspace's, or refuses it (throws LiveModeReadOnly, whose message the
 * reference shows) when the mode forbids it.
 */
export function prepareTryItRequest(request: Request, mode: WorkspaceMode, refusal?: (method: string) => string): void {
  if (!mayTry(mode, request.method)) throw new LiveModeReadOnly(request.method, refusal?.(request.method));
  request.headers.set(sourceHeader, sourceValue);
}
