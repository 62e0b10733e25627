import { afterAll, describe, expect, it } from 'vitest';
import { buildSandbox, shoppingRQ } from '../testing/sandbox.fixture.js';
import { channelOf } from './channel-credential.js';

describe('channel credential', () => {
  it('accepts the documented shapes and binds sbx_<carrier>_ credentials to that airline', () => {
    expect(channelOf('Bearer anything-goes')).toEqual({ credential: 'anything-goes' });
    expect(channelOf('Bearer sbx_lh_abc')).toEqual({ credential: 'sbx_lh_abc', carrier: 'LH' });
  });

  const sandbox = buildSandbox();
  afterAll(async () => (await sandbox).app.close());

  it('refuses a missing credential the way an airline does: 401 with an Errors element', async () => {
    const { ndc } = await sandbox;
    const res = await ndc('AirShopping', shoppingRQ(), null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      Errors: { Error: [expect.objectContaining({ Code: 'CREDENTIAL_MISSING', TypeCode: 'AUTH' })] },
    });
  });

  it('refuses a revoked credential before reading the message', async () => {
    const { ndc } = await sandbox;
    const res = await ndc('OfferPrice', { nonsense: true }, 'sbx_revoked_2024');
    expect(res.statusCode).toBe(401);
    expect(res.json().Errors.Error[0].Code).toBe('CREDENTIAL_REFUSED');
  });
});
