// Finding the caller must not cost a database round trip on every request (issue 3's benchmark),
// yet a revoked token must stop working within seconds: principals are cached for a few seconds.
import type { Principal } from '../principal.js';

export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal | null; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Principal | null | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(key: string, principal: Principal | null): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { principal, expiresAt: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
