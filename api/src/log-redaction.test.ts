import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './http/server-options.js';
import { redactLoggedBody, redactLoggedJson } from './log-redaction.js';

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

describe('request log body redaction', () => {
  it('redacts secrets by name and by shape, and leaves look-alikes alone', () => {
    const body = {
      password: 'hunter2',
      card: { number: '4000 0000 0000 0002', cvv: '737', holder: 'Olena' },
      note: 'card 5555-5555-5555-4444, key ctr_live_abcDEF123 and whsec_c2VjcmV0',
      code: '482910',
      passengers: [{ identity_document: { number: 'FP9876543', issuing_country: 'UA' } }],
      // Not secrets: an airport's code, an error code, a phone number, an order number failing Luhn.
      origin: { code: 'WAW' },
      errors: [{ code: 'validation_failed' }],
      phone: '+48 600 100 200',
      reference: '1234567890123456',
    };
    const { text, truncated } = redactLoggedBody(body, 10_000);
    expect(truncated).toBe(false);
    const out = JSON.parse(text) as typeof body;
    for (const secret of ['hunter2', '4000 0000', '737', '5555-5555', 'ctr_live_', 'whsec_', '482910', 'FP9876543']) {
      expect(text).not.toContain(secret);
    }
    expect(out.card.holder).toBe('Olena');
    expect(out.note).toBe('card [redacted], key [redacted] and [redacted]');
    expect(out.origin.code).toBe('WAW');
    expect(out.errors[0]!.code).toBe('validation_failed');
    expect(out.phone).toBe('+48 600 100 200');
    expect(out.reference).toBe('1234567890123456');
  });

  it('cuts after redacting, so a cut never leaves half a secret', () => {
    const { text, truncated } = redactLoggedBody({ a: 'x'.repeat(50), password: 'p'.repeat(100) }, 80);
    expect(truncated).toBe(true);
    expect(text).toHaveLength(80);
    expect(text).not.toContain('ppp');
  });

  it('redacts JSON text as it redacts the value, and keeps text with nothing to redact as it was sent', () => {
    const secretOnes = [
      '{"password":"hunter2"}',
      '{"a":[{"card":{"number":"1"}}]}',
      '{"note":"pay with 4000 0000 0000 0002"}',
      // a card after digits that fail Luhn: the scan goes on past them
      '{"phone":"+380500000003","note":"4000-0000-0000-0002"}',
      '{"otp" : 123456}',
      '{"code": "123456"}',
      '{"verification_code":"0042"}',
      '{"identity_document":{"type":"passport","number":"AB12"}}',
      '{"text":"ctr_test_abc"}',
      '{"pass\\u0077ord":"hunter2"}',
      '{"x":"\\u0034000000000000002"}',
      // each found in the one scan past matches of the others that redact nothing
      '{"phone":"+380500000003","card":{"holder":"O"},"ref":"1234567890123456","key":"whsec_c2VjcmV0"}',
      '{"number":"1","origin":{"code":"WAW"},"phone":"+380500000003","payment_card":{"number":"4"}}',
      '{"ref":"1234-5678-9012-3456","code":"WAW","text":"ctr_live_abc"}',
      '{"origin":{"code":"WAW"},"ref":"1234567890123456","otp":"123456"}',
      '{"ref":"1234567890123456","note":"then 4000 0000 0000 0002"}',
    ];
    for (const text of secretOnes) {
      const expected = redactLoggedBody(JSON.parse(text), 10_000).text;
      expect(expected).toContain('[redacted]');
      expect(redactLoggedJson(text, 10_000)).toEqual({ text: expected, truncated: false });
    }
    // Digits that fail Luhn, a `code` that is not one, a password named only as a value.
    const plain = '{"phone":"+380500000003","ref":"1234567890123456","origin":{"code":"WAW"},"auth_method":"password"}';
    expect(redactLoggedJson(plain, 10_000)).toEqual({ text: plain, truncated: false });
    // Every kind the one scan matches, none of them redacted: a `number` with no card or document
    // key, digits failing Luhn, a code that is not one, a credential's prefix without its kind.
    const near = '{"number":"12","ref":"1234 5678 9012 3456","code":"WAW","text":"ctr_prod_x and whsec","cards":2}';
    expect(redactLoggedJson(near, 10_000)).toEqual({ text: near, truncated: false });
    expect(redactLoggedJson(plain, 20)).toEqual({ text: plain.slice(0, 20), truncated: true });
    expect(redactLoggedJson('{"password":', 100)).toBeNull();
    // An offers answer: flight numbers, and airport and carrier codes, are not parsed for (its
    // spacing, which a parse would not keep, stays as sent).
    const offers =
      '{ "segments": [ { "number": "1234", "carrier": { "code": "LH" }, "origin": { "code" : "WAW" } } ] }';
    expect(redactLoggedJson(offers, 10_000)).toEqual({ text: offers, truncated: false });
  });
});
