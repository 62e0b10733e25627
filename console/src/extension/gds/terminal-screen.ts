// A terminal screen, a single line or the agent's selection, cut into candidate entries: one per
// line, the prompt a web terminal shows before an entry (`>`, `»`, `:`) taken off, and a line that
// holds several entries joined by the dialect's end-item character cut there (Amadeus `;`, Sabre
// `§` or its keyboard substitute `\`, Travelport `+` or `|` before the next entry). Response text
// stays in: the parsers are anchored and find nothing in it.
import type { Dialect } from './recognition.types';

export interface Candidate {
  /** The text as it stands on the screen, trimmed: what a recognition reports as `entry`. */
  text: string;
  /** The same text in upper case, as the terminal sends it to the host. */
  upper: string;
}

const joiners: Record<Dialect, RegExp> = {
  amadeus: /;/,
  sabre: /[§\\]/,
  travelport: /\|(?=\s*[A-Z0-9])|\+(?=\s*(?:N|P|MT|NP|R|T|SI)\.)/,
};

const joinerCharacters: Record<Dialect, RegExp> = { amadeus: /;/, sabre: /[§\\]/, travelport: /[|+]/ };

const prompt = /^(?:[>»:]+|\)>)\s*/;

export interface ScreenLine {
  text: string;
  /** The line stood after a prompt: the agent typed it, it is not the host's response. */
  prompted: boolean;
}

/** The candidate lines of a text (no dialect-specific cutting yet), prompts removed, blanks dropped. */
export function screenLines(text: string): ScreenLine[] {
  const lines: ScreenLine[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const trimmed = raw.trim();
    const line = trimmed.replace(prompt, '').trim();
    if (line.length > 0 && line.length <= 500) lines.push({ text: line, prompted: line.length < trimmed.length });
  }
  return lines;
}

/** A line cut into the entries the dialect's end-item character joins. */
export function entriesOfLine(line: string, dialect: Dialect): Candidate[] {
  if (!joinerCharacters[dialect].test(line)) return [{ text: line, upper: line.toUpperCase() }];
  return line
    .split(joiners[dialect])
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => ({ text: part, upper: part.toUpperCase() }));
}
