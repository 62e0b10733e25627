// A channel's endpoint through the SDK: staff configure adapter, transport, paths and every auth
// style; secrets are sealed at rest, answered only as `…_set`, and never reach a response body, a
// log line or the audit log. A live channel must name an https endpoint; bad input changes nothing.
import {
  configure,
  getAgencyChannelEndpoint,
  listAuditEntries,
  resetConfig,
  setAgencyChannelEndpoint,
  testAgencyChannelEndpoint,
  updateAgencyChannel,
} from '@contrail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../api/src/domain/crypto/secret-box.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { as, refusal } from '../../support/sdk-calls.js';
import { testSecretKey } from '../../support/services.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestAccount;
const logLines: string[] = [];
const bodies: string[] = [];
const secrets = ['api-key-SECRET-1', 'client-SECRET-2', 'password-SECRET-3', '-----BEGIN PRIVATE KEY-----KEYSECRET4'];
const channelOf = (agencyId: string, carrier = 'lh') => `ach_${agencyId}_${carrier}`;

beforeAll(async () => {
  stack = await startStack({
    env: { LOG_LEVEL: 'debug', ACCESS_LOG: 'true' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  configure({
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      bodies.push(await response.clone().text());
      return response;
    },
  });
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
});
afterAll(async () => {
  resetConfig();
  await stack.close();
});

const full = {
  adapter: 'ndc-xml' as const,
  transport: 'soap' as const,
  base_url: 'https://ndc.example.net/selling',
  payment_base_url: 'https://pci.example.net/proxy',
  message_paths: { AirShopping: '/AirShopping/21.3', OrderChange: '/OrderChange/21.3' },
  soap_actions: { AirShopping: 'AirShoppingV01' },
  timeout_ms: 8000,
  message_timeouts_ms: { OrderChange: 60000 },
  auth: {
    api_key_header: 'Client-Key',
    api_key: secrets[0],
    token: 'oauth2_client_credentials' as const,
    token_url: 'https://auth.example.net/oauth/token',
    client_id: 'contrail',
    client_secret: secrets[1],
    mutual_tls: true,
    client_certificate: '-----BEGIN CERTIFICATE-----cert',
    client_key: secrets[3],
  },
};

describe('channel endpoints', () => {
  it('a test channel defaults to the sandbox JSON adapter', async () => {
    as(stack.apiUrl, tokens.Admin);
    expect(await getAgencyChannelEndpoint(channelOf(tenant.agencyId))).toMatchObject({
      mode: 'sandbox',
      adapter: 'sandbox-json',
      wire_format: 'NDC-shaped JSON over REST',
      updated_at: null,
      auth: { api_key_set: false, token: 'none', mutual_tls: false },
    });
  });

  it('saves every setting, seals the secrets and answers them only as set', async () => {
    as(stack.apiUrl, tokens.Admin);
    const id = channelOf(tenant.agencyId);
    const saved = await setAgencyChannelEndpoint(id, full);
    expect(saved).toMatchObject({
      mode: 'sandbox',
      adapter: 'ndc-xml',
      wire_format: 'NDC 21.3 XML over SOAP 1.1',
      schema_version: '21.3',
      message_paths: full.message_paths,
      soap_actions: full.soap_actions,
      message_timeouts_ms: full.message_timeouts_ms,
      auth: {
        api_key_header: 'Client-Key',
        api_key_set: true,
        token: 'oauth2_client_credentials',
        client_secret_set: true,
        password_set: false,
        mutual_tls: true,
        client_certificate_set: true,
        client_key_set: true,
      },
    });
    expect(await getAgencyChannelEndpoint(id)).toEqual(saved);
    const row = await stack.ctx.db
      .selectFrom('channel_endpoints')
      .selectAll()
      .where('agency_channel_id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    const opened = JSON.parse(createSecretBox(testSecretKey, 'channel-endpoint-secret').open(row.secrets_ciphertext!));
    expect(opened).toMatchObject({ apiKey: secrets[0], clientSecret: secrets[1], clientKey: secrets[3] });

    // Left out: kept. Null: cleared (with what needed it).
    const kept = await setAgencyChannelEndpoint(id, { ...full, auth: { ...full.auth, api_key: undefined } });
    expect(kept.auth.api_key_set).toBe(true);
    const cleared = await setAgencyChannelEndpoint(id, {
      ...full,
      auth: { ...full.auth, api_key_header: null, api_key: null },
    });
    expect(cleared.auth).toMatchObject({ api_key_header: null, api_key_set: false, client_secret_set: true });

    const audit = await listAuditEntries({ entity_id: id });
    expect(audit.data.some((e) => e.action === 'setAgencyChannelEndpoint')).toBe(true);
  });

  it('refuses what cannot work and changes nothing', async () => {
    as(stack.apiUrl, tokens.Admin);
    const id = channelOf(tenant.agencyId, 'os');
    const wrong = [
      { ...full, auth: { ...full.auth, client_secret: undefined } },
      { ...full, auth: { token: 'login' as const, token_url: 'https://a.example.net/login', username: 'u' } },
      { ...full, base_url: 'ftp://ndc.example.net' },
      { ...full, message_paths: { AirShopping: 'AirShopping' } },
      { ...full, auth: { ...full.auth, mutual_tls: true, client_key: undefined, client_certificate: undefined } },
    ];
    for (const body of wrong)
      expect(await refusal(setAgencyChannelEndpoint(id, body))).toEqual({ status: 400, code: 'validation_failed' });
    expect(
      await refusal(setAgencyChannelEndpoint(id, { ...full, transport: 'ftp' } as unknown as typeof full)),
    ).toMatchObject({ status: 400 });
    expect((await getAgencyChannelEndpoint(id)).updated_at).toBeNull();

    as(stack.apiUrl, supervisor.token);
    expect(await refusal(getAgencyChannelEndpoint(id))).toMatchObject({ status: 403 });
    expect(await refusal(setAgencyChannelEndpoint(id, full))).toMatchObject({ status: 403 });
  });

  it('a live channel must name an https endpoint', async () => {
    as(stack.apiUrl, tokens.Admin);
    const id = channelOf(tenant.agencyId, 'lx');
    await updateAgencyChannel(id, { credential: { secret: 'live-airline-credential' } });
    const plain = { adapter: 'ndc-xml' as const, transport: 'rest' as const };
    expect(await refusal(setAgencyChannelEndpoint(id, plain))).toEqual({ status: 400, code: 'validation_failed' });
    expect(await refusal(setAgencyChannelEndpoint(id, { ...plain, base_url: 'http://ndc.example.net' }))).toEqual({
      status: 400,
      code: 'validation_failed',
    });
    expect(await setAgencyChannelEndpoint(id, { ...plain, base_url: 'https://ndc.example.net' })).toMatchObject({
      mode: 'production',
      wire_format: 'NDC 21.3 XML over REST',
    });
  });

  it('tests a connection with one AirShopping and shows its timing or its error', async () => {
    as(stack.apiUrl, tokens.Admin);
    const sandboxJson = await testAgencyChannelEndpoint(channelOf(tenant.agencyId, 'os'));
    expect(sandboxJson).toMatchObject({
      ok: true,
      wire_format: 'NDC-shaped JSON over REST',
      route: 'FRA-LHR',
      error: null,
    });
    expect(sandboxJson.duration_ms).toBeGreaterThanOrEqual(0);
    // A test channel speaking XML reaches the sandbox's XML door, whatever addresses it names.
    const xml = await testAgencyChannelEndpoint(channelOf(tenant.agencyId));
    expect(xml).toMatchObject({ ok: true, route: 'FRA-LHR', error: null });
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(testAgencyChannelEndpoint(channelOf(tenant.agencyId)))).toMatchObject({ status: 403 });
  });

  it('never writes a secret into a response or a log line', () => {
    const all = bodies.join('\n') + logLines.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
