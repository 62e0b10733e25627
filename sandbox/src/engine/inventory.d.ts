export type CabinCode = 'Y' | 'C';
export type FamilyIndex = 0 | 1 | 2;
export interface BookingClass {
    readonly rbd: string;
    readonly cabin: CabinCode;
    /** Light (0), Classic (1) or Flex (2): which fare family the class prices. */
    readonly family: FamilyIndex;
    /** Price as a multiple of the route's lowest economy fare. */
    readonly multiplier: number;
}
/** Classes cheapest first within each cabin, as inventory ladders are read. */
export declare const bookingClasses: Readonly<Record<CabinCode, readonly BookingClass[]>>;
export interface SeatRequest {
    readonly flightKey: string;
    readonly rbd: string;
    readonly seats: number;
}
export type HoldResult = {
    ok: true;
} | {
    ok: false;
    soldOut: SeatRequest[];
};
export interface Inventory {
    seatsLeft(flightKey: string, rbd: string): number;
    /** All or nothing: either every class has the seats and all fall, or nothing changes. */
    hold(requests: readonly SeatRequest[]): HoldResult;
    release(requests: readonly SeatRequest[]): void;
    /** Another seller took the last seats: used by the sold-out-at-order scenario. */
    sellOut(flightKey: string, rbd: string): void;
}
export declare function createInventory(seed: string): Inventory;
