// Every fenced code sample of docs/guides/*.md, with where it is and how it is tagged. A sample is
// left out of the runs only by an explicit `<!-- sample: skip (why) -->` on the line before its fence.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface GuideSample {
  guide: string;
  /** The fence's line, from 1. */
  line: number;
  /** The fence's first word (`ts`, `sh`, `json`, `http`, `text`); `rest` what follows it. */
  lang: string;
  rest: string;
  code: string;
  skip?: string;
}

export function guideSamples(guidesDir: string): GuideSample[] {
  const samples: GuideSample[] = [];
  for (const guide of readdirSync(guidesDir).filter((f) => f.endsWith('.md'))) {
    const lines = readFileSync(path.join(guidesDir, guide), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^(\s*)```(\S*)\s*(.*)$/.exec(lines[i]!);
      if (!open) continue;
      const indent = open[1]!.length;
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) body.push(lines[j++]!.slice(indent));
      const before = lines
        .slice(0, i)
        .reverse()
        .find((l) => l.trim() !== '');
      const skip = before ? /<!-- sample: skip \((.+)\) -->/.exec(before)?.[1] : undefined;
      samples.push({ guide, line: i + 1, lang: open[2]!, rest: open[3]!, code: `${body.join('\n')}\n`, skip });
      i = j;
    }
  }
  return samples;
}
