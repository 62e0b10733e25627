import type { Offer } from './offer-build.js';
export type ServiceCode = 'BAG1' | 'BAG2' | 'PRIORITY' | 'MEAL' | 'WIFI' | 'LOUNGE';
export interface Service {
    readonly id: string;
    readonly code: ServiceCode;
    readonly name: string;
    readonly rfic: string;
    readonly rfisc: string;
    /** The journey index or the flight key the service applies to. */
    readonly journeyIndex: number;
    readonly flightKey?: string;
    readonly priceMinor: number;
    readonly currency: string;
    readonly weightKg?: number;
}
export declare function servicesFor(offer: Offer): Service[];
