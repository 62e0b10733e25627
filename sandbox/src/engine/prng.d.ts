/** FNV-1a over the joined parts: cheap, stable across platforms, good enough to seed mulberry32. */
export declare function hashOf(...parts: ReadonlyArray<string | number>): number;
export type Random = () => number;
export declare function mulberry32(seed: number): Random;
export declare function randomFor(...parts: ReadonlyArray<string | number>): Random;
export declare function intBetween(random: Random, min: number, max: number): number;
/** A short, stable identifier for opaque ids (offer ids, shopping response ids). */
export declare function idOf(prefix: string, ...parts: ReadonlyArray<string | number>): string;
