export interface Airport {
    readonly code: string;
    readonly name: string;
    readonly city: string;
    readonly country: string;
    readonly timeZone: string;
    readonly lat: number;
    readonly lon: number;
}
export declare const airports: ReadonlyMap<string, Airport>;
export declare function airportByCode(code: string): Airport | undefined;
