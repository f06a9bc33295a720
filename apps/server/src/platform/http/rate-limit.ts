// Fixed one-minute windows per key, in this process's memory. Several instances each enforce their
// own share (docs/operations/several-instances.md); the limits are per instance.
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts one hit; false when the key is over `limit` in the current minute. 0 disables the limit. */
  hit(key: string, limit: number): boolean {
    if (limit <= 0) return true;
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= 60_000) {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(key);
  }
}
