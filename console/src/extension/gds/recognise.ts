// recognise: every entry a text asks for, in order of appearance. Each candidate is tried by the
// dialect's parser, or by every dialect's when none is given. An availability entry without its
// date (the GDS then shows today) is taken only where it cannot be a word: on a prompt line of a
// known terminal. Elsewhere — response text, a selection on any page — `ABANDON` is a word, not
// A BAN DON. A parser that fails on odd input counts as "not recognised", so a page's text can
// never break the caller.
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

// What each dialect's entries begin with: a line that begins otherwise (most response text) is
// not handed to that dialect's parsers at all.
const entryStarts: Record<Dialect, RegExp> = {
  amadeus: /^(?:AN|AD|SN|FQD|NM|AP)/i,
  sabre: /^(?:1|FQ|-|9|PE)/i,
  travelport: /^(?:A|FD|N\.|P\.|MT\.)/i,
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
  const found: Recognition[] = [];
  for (const line of screenLines(text)) {
    const requireDate = options.dialect === undefined || !line.prompted;
    for (const dialect of tried) {
      for (const candidate of entriesOfLine(line.text, dialect)) {
        if (!entryStarts[dialect].test(candidate.text)) continue;
        const recognition = parseQuietly(parsers[dialect], candidate.upper, options.today, requireDate);
        if (recognition) found.push({ ...recognition, entry: candidate.text });
      }
    }
  }
  return found;
}
