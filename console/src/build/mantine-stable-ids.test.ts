import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineUseIdModule, stableUseIdSource } from './mantine-stable-ids.plugin';

const exportsOf = (source: string) => source.match(/export \{[^}]*\}/)?.[0].replace(/[\w$]+ as /g, '');

describe('Mantine’s useId in the console’s build', () => {
  const require = createRequire(import.meta.url);
  const hooks = path.dirname(path.dirname(require.resolve('@mantine/hooks')));
  const module = path.join(hooks, 'esm', 'use-id', 'use-id.mjs');

  it('finds the module Mantine ships, which renders again with a random id after mounting', () => {
    expect(module).toMatch(mantineUseIdModule);
    const original = readFileSync(module, 'utf8');
    expect(original).toMatch(/setUuid\(randomId\(\)\)/);
    expect(exportsOf(stableUseIdSource)).toBe(exportsOf(original));
  });

  it('keeps a given id, and otherwise React’s id made safe for CSS selectors', async () => {
    const url = `data:text/javascript,${encodeURIComponent(stableUseIdSource.replace('from "react"', 'from "data:text/javascript,export const useId = () => \'_r_1f_\'"'))}`;
    const { useId } = (await import(/* @vite-ignore */ url)) as { useId: (staticId?: string) => string };
    expect(useId('given')).toBe('given');
    expect(useId()).toBe('mantine-_r_1f_');
    expect(useId()).toMatch(/^[\w-]+$/);
  });
});
