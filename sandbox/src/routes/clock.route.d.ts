import type { FastifyInstance } from 'fastify';
import type { MovableClock } from '../engine/clock.js';
export default function clockRoutes(app: FastifyInstance, { clock }: {
    clock: MovableClock;
}): Promise<void>;
