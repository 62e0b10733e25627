// Names in a question resolved against the database: partners and companies with typos (Levenshtein
// over word windows of the question), carriers by code or name, booking locators.
import { carrierRefs } from '../reference/carriers.data.js';

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

export const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}&'-]+/gu) ?? [];

/** Typos allowed in a name of this length: none up to 3 letters, one up to 7, two beyond. */
const allowedTypos = (n: number) => (n <= 3 ? 0 : n <= 7 ? 1 : 2);

export interface Named {
  id: string;
  name: string;
}

/** Names by id (partners and companies), for steps and results in words. */
export function namesOf(directory: {
  agencies: readonly Named[];
  companies: readonly Named[];
}): Record<string, string> {
  return Object.fromEntries([...directory.agencies, ...directory.companies].map((n) => [n.id, n.name]));
}

/**
 * The best match of any name among the question's word windows, with its distance; undefined if
 * none is close. `firstWordOnly` says it matched by its first word alone, not as a whole name.
 */
export function bestName<T extends Named>(
  question: string,
  names: readonly T[],
): { item: T; distance: number; firstWordOnly: boolean } | undefined {
  const qWords = words(question);
  let best: { item: T; distance: number; length: number } | undefined;
  // "Acme" for "Acme Corp": a long enough first word, exactly, counts as one typo, but only when no
  // whole name is near: "channels of agency Zefyrine Voyages" names Zephyrine Voyages, not a
  // partner called "Agency Travel".
  let byFirstWord: { item: T; distance: number; length: number } | undefined;
  for (const item of names) {
    const nameWords = words(item.name);
    if (nameWords.length === 0) continue;
    const target = nameWords.join(' ');
    for (const k of new Set([nameWords.length, nameWords.length + 1, Math.max(1, nameWords.length - 1)])) {
      for (let i = 0; i + k <= qWords.length; i++) {
        const window = qWords.slice(i, i + k).join(' ');
        if (Math.abs(window.length - target.length) > allowedTypos(target.length)) continue;
        const d = levenshtein(window, target);
        if (d > allowedTypos(target.length)) continue;
        if (!best || d < best.distance || (d === best.distance && target.length > best.length))
          best = { item, distance: d, length: target.length };
      }
    }
    const first = nameWords[0]!;
    if (
      nameWords.length > 1 &&
      first.length >= 4 &&
      qWords.includes(first) &&
      first.length > (byFirstWord?.length ?? 0)
    )
      byFirstWord = { item, distance: 1, length: first.length };
  }
  if (best) return { item: best.item, distance: best.distance, firstWordOnly: false };
  return byFirstWord && { item: byFirstWord.item, distance: byFirstWord.distance, firstWordOnly: true };
}

/** A carrier named by its two-letter code (as written, in capitals) or by its name. */
export function carrierIn(question: string): string | undefined {
  for (const token of question.match(/(?<![\p{L}\p{N}])[A-Z0-9]{2}(?![\p{L}\p{N}])/gu) ?? [])
    if (carrierRefs.some((c) => c.code === token)) return token;
  const named = bestName(
    question,
    carrierRefs.map((c) => ({ id: c.code, name: c.name })),
  );
  if (named) return named.item.id;
  const firstWords = carrierRefs.map((c) => ({ id: c.code, name: words(c.name)[0] ?? c.name }));
  const first = bestName(
    question,
    firstWords.filter((c) => c.name.length >= 4),
  );
  return first?.item.id;
}

/** A booking locator: six capitals and digits, with at least one digit, as written. */
export function locatorIn(question: string): string | undefined {
  return question.match(/(?<![\p{L}\p{N}])(?=[A-Z0-9]*[0-9])[A-Z0-9]{6}(?![\p{L}\p{N}])/u)?.[0];
}
