export interface Money {
    readonly amount: string;
    readonly currency: string;
}
export declare const decimal: (minor: number) => string;
export declare const money: (minor: number, currency: string) => Money;
export declare function roeFor(currency: string): number;
