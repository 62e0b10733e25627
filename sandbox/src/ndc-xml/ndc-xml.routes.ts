// The sandbox airlines in NDC 21.3 XML, over REST (POST /ndc-xml/21.3/{Message}, application/xml)
// and over SOAP 1.1 (POST /ndc-xml/21.3/soap, one endpoint, the operation in SOAPAction). The
// credential check is the JSON routes' own (Bearer sbx_<carrier>_…). Each message is read into
// the JSON message and handed straight to the message the JSON route calls (routes/ndc-messages.ts),
// in the channel's clock scope, so both wire formats drive the same engine in one pass; every
// answer is a 21.3 document (refusals as its Error elements), in a SOAP envelope when the request
// came in one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AirlineEngine } from '../engine/airline-engine.js';
import { AirlineRefusal } from '../engine/airline-refusal.js';
import { channelOfRequest } from '../http/channel-credential.js';
import { NdcFailure, ndcErrorCodes, type NdcErrorCode } from '../http/ndc-errors.js';
import type { NdcErrors } from '../messages/common.schema.js';
import type { NdcMessageCall, NdcMessageName } from '../routes/ndc-message-call.js';
import type { NdcMessages } from '../routes/ndc-messages.js';
import { callerGone } from '../routes/ndc.routes.js';
import { orderMessages, shoppingMessages, type XmlMessage } from './xml-messages.js';
import { readXml, unwrapEnvelope, XmlReadError, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf, ndcDocument, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

export const xmlPrefix = '/ndc-xml/21.3';
const soapNs = 'http://schemas.xmlsoap.org/soap/envelope/';

const messages: Record<string, XmlMessage> = { ...shoppingMessages, ...orderMessages };

/** The order of a response root's children (not alphabetical: Error or Response come first). */
const rootOrder = [
  'Error',
  'Response',
  'AugmentationPoint',
  'DistributionChain',
  'PayloadAttributes',
  'PaymentFunctions',
];

const payload = (now: string) => el('PayloadAttributes', leaf('Timestamp', now), leaf('VersionNumber', '21.3'));

function errorElements(body: NdcErrors): XmlElement[] {
  return body.Errors.Error.map((e) =>
    el(
      'Error',
      leaf('Code', e.Code),
      leaf('DescText', e.DescText),
      leaf('LangCode', 'EN'),
      leaf('OwnerName', e.OwnerName),
      leaf('TagText', e.TagText),
      leaf('TypeCode', e.TypeCode),
    ),
  );
}

function refusalBody(code: NdcErrorCode, detail?: string, tag?: string): NdcErrors {
  const entry = ndcErrorCodes[code];
  return {
    Errors: {
      Error: [
        { Code: code, TypeCode: entry.typeCode, DescText: detail ?? entry.text, ...(tag ? { TagText: tag } : {}) },
      ],
    },
  };
}

const inEnvelope = (document: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${soapNs}"><soap:Body>` +
  document.replace(/^<\?xml[^>]*\?>/, '') +
  '</soap:Body></soap:Envelope>';

export interface NdcXmlRoutesOptions {
  readonly engine: AirlineEngine;
  readonly messages: NdcMessages;
}

export default async function ndcXmlRoutes(
  app: FastifyInstance,
  { engine, messages: engineMessages }: NdcXmlRoutesOptions,
): Promise<void> {
  app.addContentTypeParser(
    ['application/xml', 'text/xml', 'application/soap+xml'],
    { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string | undefined,
    soap: boolean,
  ): Promise<string> {
    const message = name ? messages[name] : undefined;
    const root = message?.answer ?? `IATA_${name ?? 'Unknown'}RS`;
    const now = new Date().toISOString();
    const send = (status: number, parts: XmlElement[]) => {
      const ordered = [...parts, payload(now)].sort((a, b) => rootOrder.indexOf(a.name) - rootOrder.indexOf(b.name));
      const document = ndcDocument(root, ordered);
      void reply.code(status).type(soap ? 'text/xml; charset=utf-8' : 'application/xml; charset=utf-8');
      return soap ? inEnvelope(document) : document;
    };
    const refuse = (status: number, body: NdcErrors) => send(status, errorElements(body));
    try {
      const channel = channelOfRequest(request);
      if (!message) throw new NdcFailure('INVALID_REQUEST', `${name ?? 'No'} message is not answered here.`);
      let document: XmlNode;
      try {
        document = unwrapEnvelope(await readXml(typeof request.body === 'string' ? request.body : ''));
      } catch (error) {
        if (error instanceof XmlReadError) throw new NdcFailure('INVALID_REQUEST', 'The body is not an XML document.');
        throw error;
      }
      const body = document.children.find((c) => c.name === 'Request');
      if (!body) throw new NdcFailure('INVALID_REQUEST', 'The message has no Request element.', 'Request');
      const signal = callerGone(reply);
      const call: NdcMessageCall = <T>(json: NdcMessageName, jsonBody: unknown) =>
        engineMessages[json]({ body: jsonBody, channel, signal }) as Promise<T>;
      const parts = await engine.channelClocks.within(channel.credential, () => message.handle(body, call, channel));
      return send(200, [parts].flat());
    } catch (error) {
      if (error instanceof NdcFailure || error instanceof AirlineRefusal)
        return refuse(ndcErrorCodes[error.code].status, refusalBody(error.code, error.detail, error.tag));
      request.log.error({ err: error }, 'sandbox XML failure');
      return refuse(500, refusalBody('INTERNAL'));
    }
  }

  app.post<{ Params: { message: string } }>(`${xmlPrefix}/:message`, (request, reply) =>
    answer(request, reply, request.params.message === 'soap' ? undefined : request.params.message, false),
  );
  // SOAP 1.1: the operation is the SOAPAction (quoted, possibly a URI ending in the operation).
  app.post(`${xmlPrefix}/soap`, (request, reply) => {
    const action = String(request.headers.soapaction ?? '')
      .replace(/"/g, '')
      .split(/[/#]/)
      .at(-1);
    return answer(request, reply, action || undefined, true);
  });
}
