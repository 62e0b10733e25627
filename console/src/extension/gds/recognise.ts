// recognise: every entry a text asks for, in order of appearance. Each candidate is tried by the
// dialect's parser (or by every dialect's when none is given); a parser that fails on odd input is
// treated as "not recognised", so a page's text can never break the caller.
import { parseAmadeusEntry } from './amadeus.parser';
import { dialects, type Dialect, type Recognition } from './recognition.types';
import { entriesOfLine, screenLines } from './terminal-screen';

type EntryParser = (entry: string, today: Date) => Recognition | null;

const parsers: Partial<Record<Dialect, EntryParser>> = {
  amadeus: parseAmadeusEntry,
};

function parseQuietly(parser: EntryParser, entry: string, today: Date): Recognition | null {
  try {
    return parser(entry, today);
  } catch {
    return null;
  }
}

export function recognise(text: string, options: { today: Date; dialect?: Dialect }): Recognition[] {
  if (typeof text !== 'string' || Number.isNaN(options.today.getTime())) return [];
  const tried = options.dialect ? [options.dialect] : dialects;
  const found: Recognition[] = [];
  for (const line of screenLines(text)) {
    for (const dialect of tried) {
      const parser = parsers[dialect];
      if (!parser) continue;
      for (const candidate of entriesOfLine(line, dialect)) {
        const recognition = parseQuietly(parser, candidate.upper, options.today);
        if (recognition) found.push({ ...recognition, entry: candidate.text });
      }
    }
  }
  return found;
}
