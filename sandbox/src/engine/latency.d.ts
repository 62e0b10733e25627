export type LatencyMode = 'off' | 'realistic';
export declare function waitFor(ms: number, signal?: AbortSignal): Promise<void>;
/** 250-1450 ms per carrier; a search over several carriers waits for the slowest. */
export declare function carrierLatencyMs(carrierCode: string): number;
export declare function createLatency(mode: LatencyMode): (carrierCodes: readonly string[]) => Promise<void>;
