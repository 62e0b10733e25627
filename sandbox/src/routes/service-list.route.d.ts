import type { FastifyInstance } from 'fastify';
import type { NdcRouteDeps } from './ndc.routes.js';
export default function serviceListRoute(app: FastifyInstance, { engine, latency }: NdcRouteDeps): void;
