// Requests carry a channel credential as an airline NDC API key would. The sandbox accepts any
// credential of the documented shape and refuses revoked ones, so the API's "wrong credential"
// path can be exercised. A credential `sbx_<carrier>_…` is that one airline's channel: it sees
// only that carrier's offers, as a direct NDC connection does.
import type { FastifyRequest } from 'fastify';
import { carrierByCode } from '../data/carriers.data.js';
import { NdcFailure } from './ndc-errors.js';

export interface Channel {
  readonly credential: string;
  /** Set when the credential is bound to one airline. */
  readonly carrier?: string;
}

const shape = /^[A-Za-z0-9._~:-]{1,200}$/;
const revokedPrefix = 'sbx_revoked_';

export function channelOf(authorization: string | undefined): Channel {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  if (!match) throw new NdcFailure('CREDENTIAL_MISSING');
  const credential = match[1]!.trim();
  if (!shape.test(credential) || credential.startsWith(revokedPrefix)) throw new NdcFailure('CREDENTIAL_REFUSED');
  const bound = /^sbx_([A-Za-z0-9]{2})_/.exec(credential)?.[1];
  return bound && carrierByCode(bound) ? { credential, carrier: bound.toUpperCase() } : { credential };
}

export function channelOfRequest(request: FastifyRequest): Channel {
  return channelOf(request.headers.authorization);
}
