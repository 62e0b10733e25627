import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './http/server-options.js';

function linesOf(log: (logger: pino.Logger) => void): string {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  log(pino(loggerOptions({ LOG_LEVEL: 'info' } as Parameters<typeof loggerOptions>[0]), sink));
  return out;
}

describe('log redaction', () => {
  it('never writes a travel document number, in any of the shapes a logged object carries it', () => {
    const document = { type: 'passport', number: 'FP9876543', issuing_country: 'UA' };
    const text = linesOf((log) => {
      log.info({ body: { passengers: [{ first_name: 'Olena', identity_document: document }] } }, 'create');
      log.info({ passenger: { identity_document: document } }, 'one passenger');
      log.info({ request: { passengers: [{ identityDocument: { number: 'FP9876543' } }] } }, 'port');
      log.info({ rq: { PaxList: [{ IdentityDoc: [{ IdentityDocID: 'FP9876543' }] }] } }, 'ndc');
      log.info({ identity_document: document }, 'bare');
    });
    expect(text.split('\n').filter(Boolean)).toHaveLength(5);
    expect(text).not.toContain('FP9876543');
    expect(text).toContain('Olena');
    expect(text).toContain('[Redacted]');
  });
});
