// Determinism: every "random" choice (departure minute, seats left, fare level) comes from a PRNG
// seeded by a hash of its inputs, so the same seed and date always build the same network.

/** FNV-1a over the joined parts: cheap, stable across platforms, good enough to seed mulberry32. */
export function hashOf(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomFor(...parts: ReadonlyArray<string | number>): Random {
  return mulberry32(hashOf(...parts));
}

export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A short, stable identifier for opaque ids (offer ids, shopping response ids). */
export function idOf(prefix: string, ...parts: ReadonlyArray<string | number>): string {
  const a = hashOf(...parts).toString(36);
  const b = hashOf('x', ...parts).toString(36);
  return `${prefix}${a}${b}`.toUpperCase();
}
