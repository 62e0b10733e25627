import type { FastifyInstance } from 'fastify';
import type { NdcRouteDeps } from './ndc.routes.js';
import type { AirlineEngine } from '../engine/airline-engine.js';
import type { Offer } from '../engine/offer-build.js';
/** Shared by every message that names an offer: unknown and expired offers are refused alike. */
export declare function offerFor(engine: AirlineEngine, offerId: string): Offer;
export default function offerPriceRoute(app: FastifyInstance, { engine, latency }: NdcRouteDeps): void;
