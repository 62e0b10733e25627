// Which pages are GDS terminals: URL match patterns per GDS, with defaults for the vendors' web
// terminals, which the agent can extend in the options page. The terminal watcher runs only on
// pages matching a pattern whose host the agent granted (optional host permissions).
import type { Dialect } from './gds';

export type TerminalPatterns = Record<Dialect, string[]>;

export const defaultTerminalPatterns: TerminalPatterns = {
  // Amadeus Selling Platform Connect
  amadeus: ['https://*.sellingplatformconnect.amadeus.com/*'],
  // Sabre Red 360 (its web workspace)
  sabre: ['https://*.sabre.com/*'],
  // Travelport Smartpoint Cloud
  travelport: ['https://*.travelport.com/*'],
};

export const terminalNames: Record<Dialect, string> = {
  amadeus: 'Amadeus Selling Platform Connect',
  sabre: 'Sabre Red 360',
  travelport: 'Travelport Smartpoint Cloud',
};

const key = 'terminalPatterns';

export async function readTerminalPatterns(): Promise<TerminalPatterns> {
  const stored = await chrome.storage.local.get(key);
  return (stored[key] as TerminalPatterns | undefined) ?? defaultTerminalPatterns;
}

export function saveTerminalPatterns(patterns: TerminalPatterns): Promise<void> {
  return chrome.storage.local.set({ [key]: patterns });
}

/** A match pattern (scheme://host/path, `*` wildcards; Chrome's rules) as a regular expression. */
export function patternToRegExp(pattern: string): RegExp | null {
  const m = /^(\*|https?):\/\/(\*|\*\.[^/*]+|[^/*]+)(\/.*)$/.exec(pattern.trim());
  if (!m) return null;
  const [, scheme, host, path] = m as unknown as [string, string, string, string];
  const esc = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const schemePart = scheme === '*' ? 'https?' : scheme;
  const hostPart = host === '*' ? '[^/]+' : host.startsWith('*.') ? `(?:[^/]+\\.)?${esc(host.slice(2))}` : esc(host);
  // Chrome ignores the port in a pattern without one.
  const pathPart = path.split('*').map(esc).join('.*');
  return new RegExp(`^${schemePart}://${hostPart}(?::\\d+)?${pathPart}$`);
}

export function isValidPattern(pattern: string): boolean {
  return patternToRegExp(pattern) !== null;
}

/** The GDS whose patterns match the page, or null. */
export function dialectOfUrl(url: string, patterns: TerminalPatterns): Dialect | null {
  for (const [dialect, list] of Object.entries(patterns) as [Dialect, string[]][]) {
    if (list.some((p) => patternToRegExp(p)?.test(url))) return dialect;
  }
  return null;
}
