// recognise: every entry a text asks for, in order of appearance. Each candidate is tried by the
// dialect's parser, or by every dialect's when none is given. Without a dialect the text may come
// from any page, so an availability entry must carry its date there (`ABANDON` is a word, not
// A BAN DON); in a known terminal the GDS's own default (today) applies. A parser that fails on odd
// input counts as "not recognised", so a page's text can never break the caller.
import { parseAmadeusEntry } from './amadeus.parser';
import { dialects, type Dialect, type Recognition } from './recognition.types';
import { parseSabreEntry } from './sabre.parser';
import { entriesOfLine, screenLines } from './terminal-screen';
import { parseTravelportEntry } from './travelport.parser';

type EntryParser = (entry: string, today: Date, requireDate: boolean) => Recognition | null;

const parsers: Record<Dialect, EntryParser> = {
  amadeus: parseAmadeusEntry,
  sabre: parseSabreEntry,
  travelport: parseTravelportEntry,
};

function parseQuietly(parser: EntryParser, entry: string, today: Date, requireDate: boolean): Recognition | null {
  try {
    return parser(entry, today, requireDate);
  } catch {
    return null;
  }
}

export function recognise(text: string, options: { today: Date; dialect?: Dialect }): Recognition[] {
  if (typeof text !== 'string' || !(options.today instanceof Date) || Number.isNaN(options.today.getTime())) return [];
  const tried = options.dialect ? [options.dialect] : dialects;
  const requireDate = options.dialect === undefined;
  const found: Recognition[] = [];
  for (const line of screenLines(text)) {
    for (const dialect of tried) {
      for (const candidate of entriesOfLine(line, dialect)) {
        const recognition = parseQuietly(parsers[dialect], candidate.upper, options.today, requireDate);
        if (recognition) found.push({ ...recognition, entry: candidate.text });
      }
    }
  }
  return found;
}
