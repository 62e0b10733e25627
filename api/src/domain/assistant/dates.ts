// Date phrases of a question, in English, Ukrainian and Polish, as a day range (UTC days, inclusive):
// "yesterday", "last week", "in March", "from 1 to 15 March", "з 1 по 15 березня", "w zeszłym
// tygodniu", ISO dates. Relative to `now`; a month without a year is its latest past or current one.
export interface DayRange {
  from: string;
  to: string;
}

const dayMs = 86_400_000;

/**
 * `\\b` as a Unicode word boundary (JavaScript's knows only ASCII letters, not Cyrillic or Polish
 * ones): where a word starts (at the start of the expression, or after `(` or `|`), else where one ends.
 */
const wordStart = String.raw`(?<![\p{L}\p{N}])`;
const wordEnd = String.raw`(?![\p{L}\p{N}])`;
const boundaries = (source: string) =>
  source.replace(/\\b/g, (_, offset: number) =>
    offset === 0 || '(|'.includes(source[offset - 1]!) ? wordStart : wordEnd,
  );
const compiled = new Map<string, RegExp>();
/** The expression with `\\b` as a Unicode word boundary, compiled once (a global one keeps state, so it is not kept). */
export function ure(source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let re = compiled.get(key);
  if (!re) {
    re = new RegExp(boundaries(source), `u${flags}`);
    if (!flags.includes('g')) compiled.set(key, re);
  }
  return re;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * dayMs);

// Month stems: each matches the month's forms (nominative, genitive, locative) in the three languages.
const monthStems: [RegExp, number][] = [
  [ure(String.raw`\b(jan(uary)?|січ\p{L}*|stycz\p{L}*)`), 0],
  [ure(String.raw`\b(feb(ruary)?|лют\p{L}*|lut\p{L}*)`), 1],
  [ure(String.raw`\b(mar(ch)?|берез\p{L}*|mar(zec|ca|cu))\b`), 2],
  [ure(String.raw`\b(apr(il)?|квіт\p{L}*|kwie\p{L}*)`), 3],
  [ure(String.raw`\b(may|трав\p{L}*|maj\p{L}*)\b`), 4],
  [ure(String.raw`\b(jun(e)?|черв(ень|ня|ні)|czerw\p{L}*)\b`), 5],
  [ure(String.raw`\b(jul(y)?|лип\p{L}*|lip\p{L}*)`), 6],
  [ure(String.raw`\b(aug(ust)?|серп\p{L}*|sierp\p{L}*)`), 7],
  [ure(String.raw`\b(sep(t|tember)?|верес\p{L}*|wrze\p{L}*)`), 8],
  [ure(String.raw`\b(oct(ober)?|жовт\p{L}*|paźdz\p{L}*|pazdz\p{L}*)`), 9],
  [ure(String.raw`\b(nov(ember)?|листопад\p{L}*|listopad\p{L}*)`), 10],
  [ure(String.raw`\b(dec(ember)?|груд\p{L}*|grud\p{L}*)`), 11],
];

function monthIn(text: string): { month: number; index: number } | undefined {
  let best: { month: number; index: number } | undefined;
  for (const [re, month] of monthStems) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = { month, index: m.index };
  }
  return best;
}

function monthYear(month: number, now: Date, explicit?: number): number {
  if (explicit) return explicit;
  return month > now.getUTCMonth() ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
}

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const ymd = (y: number, m: number, d: number) => iso(new Date(Date.UTC(y, m, d)));

/** The range a question names, or undefined when it names none. */
export function dateRangeOf(question: string, now: Date): DayRange | undefined {
  const text = question.toLowerCase();
  const today = utcDay(now);
  const isoDates = [...text.matchAll(ure(String.raw`\b(\d{4}-\d{2}-\d{2})\b`, 'g'))]
    .map((m) => m[1]!)
    .filter((d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d));
  if (isoDates.length >= 2) return { from: isoDates[0]!, to: isoDates[1]! };
  if (isoDates.length === 1) return { from: isoDates[0]!, to: isoDates[0]! };

  if (ure(String.raw`\b(today|сьогодні|dzisiaj|dziś|dzis)\b`).test(text)) return { from: iso(today), to: iso(today) };
  if (ure(String.raw`\b(yesterday|вчора|учора|wczoraj)\b`).test(text)) {
    const y = addDays(today, -1);
    return { from: iso(y), to: iso(y) };
  }
  const monday = addDays(today, -((today.getUTCDay() + 6) % 7));
  if (
    ure(
      String.raw`\b(last week|past week|минулого тижня|минулий тиждень|zeszłym tygodniu|zeszły tydzień|ostatnim tygodniu|poprzednim tygodniu)`,
    ).test(text)
  )
    return { from: iso(addDays(monday, -7)), to: iso(addDays(monday, -1)) };
  if (ure(String.raw`\b(this week|цього тижня|цей тиждень|tym tygodniu|ten tydzień)`).test(text))
    return { from: iso(monday), to: iso(today) };
  const lastDays = ure(
    String.raw`\b(?:last|past|останні|за останні|ostatnie|ostatnich)\s+(\d{1,3})\s*(?:days|днів|дні|dni)`,
  ).exec(text);
  if (lastDays) return { from: iso(addDays(today, -(Number(lastDays[1]) - 1))), to: iso(today) };
  if (
    ure(
      String.raw`\b(last month|минулого місяця|минулий місяць|zeszłym miesiącu|poprzednim miesiącu|zeszły miesiąc)`,
    ).test(text)
  ) {
    const y = today.getUTCMonth() === 0 ? today.getUTCFullYear() - 1 : today.getUTCFullYear();
    const m = (today.getUTCMonth() + 11) % 12;
    return { from: ymd(y, m, 1), to: ymd(y, m, lastDayOf(y, m)) };
  }
  if (ure(String.raw`\b(this month|цього місяця|цей місяць|tym miesiącu|ten miesiąc)`).test(text))
    return { from: ymd(today.getUTCFullYear(), today.getUTCMonth(), 1), to: iso(today) };

  const month = monthIn(text);
  if (month) {
    const yearMatch = ure(String.raw`\b(20\d{2})\b`).exec(text);
    const year = monthYear(month.month, today, yearMatch ? Number(yearMatch[1]) : undefined);
    // "from 1 to 15 March", "з 1 по 15 березня", "od 1 do 15 marca", "1-15 March"
    const span = ure(String.raw`(\d{1,2})\s*(?:-|–|to|till|until|по|до|do)\s*(\d{1,2})\b`).exec(text);
    if (span) {
      const a = Math.min(Number(span[1]), lastDayOf(year, month.month));
      const b = Math.min(Number(span[2]), lastDayOf(year, month.month));
      if (a >= 1 && b >= a) return { from: ymd(year, month.month, a), to: ymd(year, month.month, b) };
    }
    const single = ure(String.raw`\b(\d{1,2})\s+\p{L}`).exec(text.slice(Math.max(0, month.index - 4)));
    if (
      single &&
      Number(single[1]) >= 1 &&
      Number(single[1]) <= lastDayOf(year, month.month) &&
      !/\d{4}/.test(single[0])
    ) {
      const d = Number(single[1]);
      return { from: ymd(year, month.month, d), to: ymd(year, month.month, d) };
    }
    return { from: ymd(year, month.month, 1), to: ymd(year, month.month, lastDayOf(year, month.month)) };
  }
  return undefined;
}
