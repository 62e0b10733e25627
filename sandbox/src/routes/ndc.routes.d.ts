import type { FastifyInstance } from 'fastify';
import type { AirlineEngine } from '../engine/airline-engine.js';
export interface NdcRouteDeps {
    readonly engine: AirlineEngine;
    readonly latency: (carrierCodes: readonly string[]) => Promise<void>;
}
export default function ndcRoutes(app: FastifyInstance, deps: NdcRouteDeps): Promise<void>;
