import type { FastifyInstance } from 'fastify';
import { type AirlineEngine } from './engine/airline-engine.js';
import { type MovableClock } from './engine/clock.js';
import { type LatencyMode } from './engine/latency.js';
export declare const sandboxVersion = "0.2.0";
export interface SandboxAppOptions {
    readonly seed?: string;
    readonly latency?: LatencyMode;
    readonly clock?: MovableClock;
    /** Built from `seed` and `clock` when absent; pass one to share it with the caller. */
    readonly engine?: AirlineEngine;
}
export default function sandboxApp(app: FastifyInstance, options: SandboxAppOptions): Promise<void>;
