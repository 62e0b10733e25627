// Tiny HTML helpers for the prerendered pages: every text from a locale file goes through esc().

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => entities[c]!);

/** The page's origin, filled in by the server per deployment (canonical and hreflang need it absolute). */
export const originPlaceholder = '__CONTRAIL_ORIGIN__';

export const join = (parts: readonly string[]): string => parts.join('\n');
