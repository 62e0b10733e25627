// Our signer signs exactly as the standardwebhooks package does over the whole body, given as bytes
// or as text, however the body is cut (a cut inside a multi-byte character included), and under
// every secret of a rotation.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { deliverySigner, newWebhookSecret, signDelivery } from './webhook-signing.js';

describe('deliverySigner', () => {
  it('gives the same headers as signDelivery for the same bytes, cut anywhere', () => {
    const secrets = [newWebhookSecret(), newWebhookSecret()];
    const body = Buffer.from('sequence,passenger_name\r\n1,KOVALENKO/ОЛЕНА ŁUKASZ ✈\r\n'.repeat(50), 'utf8');
    const at = new Date('2026-11-26T10:00:00.123Z');
    // What the standardwebhooks package signs for the same bytes, under each secret.
    const whole = {
      'webhook-id': 'bod_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': secrets.map((secret) => new Webhook(secret).sign('bod_1', at, body)).join(' '),
    };
    expect(signDelivery({ messageId: 'bod_1', at, body, secrets })).toEqual(whole);
    expect(signDelivery({ messageId: 'bod_1', at, body: body.toString('utf8'), secrets })).toEqual(whole);
    for (const cut of [1, 3, 7, 64, 1000, body.length]) {
      const signer = deliverySigner({ messageId: 'bod_1', at, secrets });
      for (let i = 0; i < body.length; i += cut) signer.update(body.subarray(i, i + cut));
      expect(signer.headers()).toEqual(whole);
    }
    // A receiver holding either secret of a rotation verifies it.
    const other = deliverySigner({ messageId: 'bod_1', at: new Date(), secrets });
    other.update(body);
    for (const secret of secrets)
      expect(() =>
        new Webhook(secret).verify(body.toString('utf8'), { ...other.headers() }, { jsonParse: false }),
      ).not.toThrow();
  });
});
