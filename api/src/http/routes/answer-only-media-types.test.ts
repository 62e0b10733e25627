// The media types only answers have get a refusing body parser (see `answerOnlyMediaTypes`), so
// the route glue has nothing to warn about at start; a request body's own type is never among them.
import { describe, expect, it } from 'vitest';
import { answerOnlyMediaTypes, loadSpec } from './index.js';

describe('answerOnlyMediaTypes', () => {
  it('names the answers-only types of the contract and none a request body has', () => {
    const types = answerOnlyMediaTypes(loadSpec());
    expect(types).toEqual(
      expect.arrayContaining([
        'text/csv',
        'application/x-ndjson',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ]),
    );
    expect(types).not.toContain('application/json');
  });
});
