// The small tokens every dialect shares: airline designators (two characters, at least one a letter:
// `LO`, `S7`, `9W`), city/airport codes, passenger names and titles, phone numbers and e-mail
// addresses as agents type them into a PNR. Each returns undefined on anything else.

export const carrierPattern = '(?:[A-Z][A-Z0-9]|[0-9][A-Z])';
const carrier = new RegExp(`^${carrierPattern}$`);
const titles = ['MSTR', 'MISS', 'MRS', 'MR', 'MS', 'DR'];

export const isCarrier = (text: string) => carrier.test(text);
export const isCity = (text: string) => /^[A-Z]{3}$/.test(text);

/** `LO,LH` or `LOLH` (pairs run together, as Amadeus and Sabre allow) → ['LO', 'LH']. */
export function carrierList(text: string): string[] | undefined {
  const parts = text.includes(',') ? text.split(',') : (text.match(/.{1,2}/g) ?? []);
  if (parts.length === 0 || !parts.every(isCarrier)) return undefined;
  return [...new Set(parts)];
}

/** A surname or given name as the API takes it: letters, spaces, apostrophes and hyphens. */
export function personName(text: string): string | undefined {
  const name = text.trim().replace(/\s+/g, ' ');
  return /^[A-Z][A-Z '-]{0,59}$/.test(name) ? name : undefined;
}

/** `JAN MR` → JAN, MR; with `glued`, also `JANMR` (Travelport's habit of typing the title on). */
export function splitTitle(text: string, glued = false): { firstName: string; title?: string } | undefined {
  const spaced = /^(.+?)\s+(MSTR|MISS|MRS|MR|MS|DR)$/.exec(text.trim());
  if (spaced) {
    const firstName = personName(spaced[1]!);
    return firstName ? { firstName, title: spaced[2]! } : undefined;
  }
  if (glued) {
    const title = titles.find((t) => text.endsWith(t) && text.length > t.length);
    if (title) {
      const firstName = personName(text.slice(0, -title.length));
      if (firstName) return { firstName, title };
    }
  }
  const firstName = personName(text);
  return firstName ? { firstName } : undefined;
}

/** A phone number as typed (`48 22 1234567`, `+48-601-234-567`) → `+48221234567` / `48221234567`. */
export function phoneNumber(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^\+?[0-9][0-9 ()-]{5,30}$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length < 6 || digits.length > 20) return undefined;
  return (trimmed.startsWith('+') ? '+' : '') + digits;
}

/** An e-mail address; GDS terminals type `@` as `//` in some places and `--` for `_` (Amadeus, Sabre). */
export function emailAddress(text: string): string | undefined {
  const address = text.trim().replace('//', '@').replace(/--/g, '_').toLowerCase();
  return /^[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(address) && address.length <= 254
    ? address
    : undefined;
}
