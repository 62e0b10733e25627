// A small cache with a time to live, for principals: finding the caller must not cost a database
// round trip on every request (issue 3's benchmark), yet revocation must bite within seconds.
// Entries remember the account they belong to, so an account's changes can drop them all.
export class PrincipalCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number; owner: string | undefined }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, owner?: string): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs, owner });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteOwnedBy(owner: string): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.entries.delete(key);
  }
}
