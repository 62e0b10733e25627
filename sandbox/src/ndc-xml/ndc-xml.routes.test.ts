// The sandbox's 21.3 XML face over SOAP 1.1 and REST: the operation taken from SOAPAction (bare or
// a URI), the answer in an envelope; the credential check of the JSON routes; refusals and bad
// bodies answered as 21.3 Error elements, never a 5xx.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sandboxApp from '../app.js';
import { readXml, text, unwrapEnvelope, all } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf, ndcDocument } from '@contrail/ndc-xml-tree/xml-write';

const app = Fastify();
beforeAll(async () => {
  await app.register(sandboxApp, { seed: 'xml-routes' });
});
afterAll(() => app.close());

const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const shopping = ndcDocument('IATA_AirShoppingRQ', [
  el(
    'DistributionChain',
    el(
      'DistributionChainLink',
      leaf('Ordinal', 1),
      leaf('OrgRole', 'Seller'),
      el('ParticipatingOrg', leaf('OrgID', 'T')),
    ),
  ),
  el(
    'Request',
    el(
      'FlightRequest',
      el(
        'FlightRequestOriginDestinationsCriteria',
        el(
          'OriginDestCriteria',
          el('DestArrivalCriteria', leaf('IATA_LocationCode', 'FRA')),
          el('OriginDepCriteria', leaf('Date', date), leaf('IATA_LocationCode', 'WAW')),
        ),
      ),
    ),
    el('PaxList', el('Pax', leaf('PaxID', 'PAX1'), leaf('PTC', 'ADT'))),
  ),
]);
const envelope = (body: string) =>
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>' +
  body.replace(/^<\?xml[^>]*\?>/, '') +
  '</soapenv:Body></soapenv:Envelope>';
const auth = { authorization: 'Bearer sbx_LH_routes' };

describe('sandbox NDC 21.3 XML routes', () => {
  it('answers a SOAP 1.1 AirShopping in an envelope, the operation from SOAPAction (bare or a URI)', async () => {
    for (const action of ['"AirShopping"', 'http://ndc.example/21.3/AirShopping']) {
      const res = await app.inject({
        method: 'POST',
        url: '/ndc-xml/21.3/soap',
        headers: { ...auth, 'content-type': 'text/xml; charset=utf-8', soapaction: action },
        payload: envelope(shopping),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/xml');
      const root = await readXml(res.body);
      expect(root.name).toBe('Envelope');
      const answer = unwrapEnvelope(root);
      expect(answer.name).toBe('IATA_AirShoppingRS');
      expect(all(answer, 'Response')).toHaveLength(1);
    }
  });

  it('answers the same over REST, and the JSON route the same offers', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ndc-xml/21.3/AirShopping',
      headers: { ...auth, 'content-type': 'application/xml' },
      payload: shopping,
    });
    expect(res.statusCode).toBe(200);
    const ids = [...res.body.matchAll(/<cns:OfferID>([^<]+)</g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
  });

  it('refuses without a credential, with a revoked one, for an unknown operation and for a body that is not XML', async () => {
    const cases = [
      { headers: {}, url: '/ndc-xml/21.3/AirShopping', payload: shopping, status: 401, code: 'CREDENTIAL_MISSING' },
      {
        headers: { authorization: 'Bearer sbx_revoked_LH' },
        url: '/ndc-xml/21.3/AirShopping',
        payload: shopping,
        status: 401,
        code: 'CREDENTIAL_REFUSED',
      },
      { headers: auth, url: '/ndc-xml/21.3/OrderList', payload: shopping, status: 400, code: 'INVALID_REQUEST' },
      { headers: auth, url: '/ndc-xml/21.3/AirShopping', payload: 'not <xml', status: 400, code: 'INVALID_REQUEST' },
    ];
    for (const c of cases) {
      const res = await app.inject({
        method: 'POST',
        url: c.url,
        headers: { ...c.headers, 'content-type': 'application/xml' },
        payload: c.payload,
      });
      expect(res.statusCode).toBe(c.status);
      const root = await readXml(res.body);
      expect(text(root, 'Error', 'Code')).toBe(c.code);
      expect(text(root, 'Error', 'LangCode')).toBe('EN');
    }
  });
});
