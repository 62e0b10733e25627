// Mantine's per-component stylesheets in the order its full styles.css concatenates them, each
// with the classes it defines; shared by scripts/mantine-styles.ts and the console styles test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const stylesDir = 'node_modules/@mantine/core/styles';
const classPattern = /\bm_[0-9a-f]{8}\b/g;

export interface MantineStyleFile {
  file: string;
  classes: string[];
}

/** Every `m_` class a text names. */
export function mantineClassesIn(text: string): Set<string> {
  return new Set(text.match(classPattern) ?? []);
}

export function mantineStyleFiles(): MantineStyleFile[] {
  const full = readFileSync('node_modules/@mantine/core/styles.css', 'utf8');
  return readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((file) => {
      const text = readFileSync(path.join(stylesDir, file), 'utf8');
      return { file, text, at: full.indexOf(text.trim().slice(0, 200)) };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ file, text }) => ({ file, classes: [...mantineClassesIn(text)] }));
}
