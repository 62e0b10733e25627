export type Alliance = 'star' | 'skyteam' | 'oneworld' | 'none';
export interface Carrier {
    readonly code: string;
    readonly name: string;
    readonly alliance: Alliance;
    readonly hubs: readonly string[];
    readonly spokes: readonly string[];
    /** Currency the carrier files its fares in; taxes follow it so one offer has one currency. */
    readonly currency: string;
    /** Hours after issue during which a ticket may still be voided (airline practice: 24 h, some less). */
    readonly voidWindowHours: number;
    /** Hours a held booking may stay unpaid when the fare allows a hold. */
    readonly ticketingTimeLimitHours: number;
    /** Offset that keeps each carrier's flight numbers in its own band. */
    readonly flightNumberBase: number;
    /** Branded fare family names, indexed Light / Classic / Flex. */
    readonly fareFamilies: readonly [string, string, string];
    /** Neo carriers sell direct flights only: no connections, no codeshares. */
    readonly directOnly: boolean;
}
export declare const carriers: readonly Carrier[];
export declare function carrierByCode(code: string): Carrier | undefined;
export declare function mayInterline(validating: Carrier, operating: Carrier): boolean;
