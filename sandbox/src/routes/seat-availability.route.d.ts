import type { FastifyInstance } from 'fastify';
import type { NdcRouteDeps } from './ndc.routes.js';
export default function seatAvailabilityRoute(app: FastifyInstance, { engine, latency }: NdcRouteDeps): void;
