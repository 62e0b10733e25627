// One list of scenarios: the catalogue is built from scenarios.ts, and docs/guides/sandbox.md's
// "Scenario triggers" table must name exactly the same route and surname triggers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenarioCatalogue } from './scenario-catalogue.js';
import { connectionsOnlyRoute, nameTriggers, routeTriggers } from './scenarios.js';

const guide = readFileSync(new URL('../../../docs/guides/sandbox.md', import.meta.url), 'utf8');
const table = guide.slice(
  guide.indexOf('## Scenario triggers'),
  guide.indexOf('\n## ', guide.indexOf('## Scenario triggers') + 5),
);
const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));

describe('the scenario catalogue', () => {
  it('describes every route and surname trigger of scenarios.ts', () => {
    const ids = scenarioCatalogue.map((entry) => entry.id);
    for (const id of [...Object.keys(routeTriggers), ...Object.keys(nameTriggers)]) expect(ids).toContain(id);
    for (const entry of scenarioCatalogue)
      for (const language of ['en', 'ua', 'pl'] as const) {
        expect(entry.texts[language].title.length).toBeGreaterThan(0);
        expect(entry.texts[language].outcome.length).toBeGreaterThan(0);
      }
  });

  it("is the guide's table: the same routes and surnames, no more, no fewer", () => {
    const routes = [...Object.values(routeTriggers), connectionsOnlyRoute].map(([a, b]) => `**${a}–${b}**`);
    const surnames = Object.values(nameTriggers).map((s) => `**${s}**`);
    for (const trigger of [...routes, ...surnames])
      expect(
        rows.some((row) => row.split('|')[2]!.includes(trigger)),
        trigger,
      ).toBe(true);
    const named = rows.flatMap((row) =>
      [...row.split('|')[2]!.matchAll(/\*\*([A-Z]{3}–[A-Z]{3}|[A-Z]+)\*\*/g)].map((m) => `**${m[1]}**`),
    );
    // The table may also name country codes as its APIS example; every other bold trigger is in scenarios.ts.
    const known = new Set([...routes, ...surnames, '**US, CA, JP, SG, AE, IL**']);
    expect(named.filter((n) => !known.has(n) && !/^\*\*[A-Z]{2}\*\*$/.test(n))).toEqual([]);
  });
});
