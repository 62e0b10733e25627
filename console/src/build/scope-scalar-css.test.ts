import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { scalarStylesheet, scopeScalarStylesheet } from './scope-scalar-css.plugin';

const unscopedBody = /(^|[{};,])\s*body\s*[{,:.[]/;

describe('Scalar’s stylesheet in the console', () => {
  it('moves the rules on body onto the reference’s own element', () => {
    expect(scopeScalarStylesheet('a{x:1}body{margin:0}@media(x){body{line-height:inherit}}')).toBe(
      'a{x:1}.contrail-scalar{margin:0}@media(x){.contrail-scalar{line-height:inherit}}',
    );
  });

  it('leaves no rule on body in the stylesheets Scalar ships', () => {
    const require = createRequire(import.meta.url);
    const reference = require.resolve('@scalar/api-reference-react/style.css');
    const agent = createRequire(require.resolve('@scalar/api-reference')).resolve('@scalar/agent-chat/style.css');
    for (const file of [reference, agent]) {
      expect(file).toMatch(scalarStylesheet);
      const original = readFileSync(file, 'utf8');
      expect(original).toMatch(unscopedBody);
      expect(scopeScalarStylesheet(original)).not.toMatch(unscopedBody);
    }
  });
});
