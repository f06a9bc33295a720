// Fixed one-minute windows per key, in this process's memory. Several instances each enforce their
// own share (docs/operations/several-instances.md); the limits are per instance.
import { RateLimitedError } from "./errors";

const WINDOW_MS = 60_000;

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  /**
   * Counts one hit and throws RATE_LIMITED, with the seconds until the window ends, when the key is
   * over `limit` in the current minute. 0 disables the limit.
   */
  enforce(key: string, limit: number): void {
    const wait = this.secondsToWait(key, limit);
    if (wait > 0) throw new RateLimitedError(wait);
  }

  /** Counts one hit; 0 when allowed, else the whole seconds until the key's window ends (at least 1). */
  private secondsToWait(key: string, limit: number): number {
    if (limit <= 0) return 0;
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= WINDOW_MS || now < current.start) {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    current.count += 1;
    if (current.count <= limit) return 0;
    return Math.max(1, Math.ceil((current.start + WINDOW_MS - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(key);
  }
}
