// The one capacity rule set of storage (spec §5/§9, issue 16 item 8): cloud disks, file shares,
// elastic files and backup vaults size and scale by it. A size is a whole number of GB from the
// limits' minimum to their maximum, on their step; a change leaves more than the capacity in use,
// moves by at most `maxStepGb`, never shrinks what cannot shrink, and fits the rolling day
// (`perDay` scalings in the 24 hours before the request) and the rolling week (`perWeek` in the
// 7 × 24 hours before it). Pure: the caller reads the earlier scalings and the used capacity and
// turns a refusal into its message.

export type StorageLimits = {
  /** The smallest and largest size, GB (the platform's 50–500 within the product's own range). */
  minGb: number;
  maxGb: number;
  /** Sizes are multiples of this many GB (1: any whole number). */
  stepGb: number;
  /** The most one scaling may add or take away. */
  maxStepGb: number;
  /** Scalings allowed in any rolling day and any rolling week. */
  perDay: number;
  perWeek: number;
  /** Whether the capacity may be made smaller (a share may; a disk may not). */
  shrinkable: boolean;
};

/** Today's platform limits (spec §9): 50–500 GB, once a day, 3 times a week, at most 200 GB a time. */
export const DEFAULT_STORAGE_LIMITS: StorageLimits = {
  minGb: 50,
  maxGb: 500,
  stepGb: 1,
  maxStepGb: 200,
  perDay: 1,
  perWeek: 3,
  shrinkable: false,
};

export type StorageRefusal =
  | { reason: "sizeOutOfRange"; min: number; max: number; step: number }
  | { reason: "unchanged" }
  | { reason: "belowUsed"; used: number }
  | { reason: "notLarger"; current: number }
  | { reason: "stepTooLarge"; max: number }
  | { reason: "dailyLimit"; limit: number; next: Date }
  | { reason: "weeklyLimit"; limit: number; next: Date };

export type StorageVerdict = { ok: true } | { ok: false; refusal: StorageRefusal };

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const refused = (refusal: StorageRefusal): StorageVerdict => ({ ok: false, refusal });

/** Whether `sizeGb` is a size the limits allow at all (a purchase, or the target of a change). */
export function checkStorageSize(sizeGb: unknown, limits: StorageLimits): StorageVerdict {
  const ok =
    typeof sizeGb === "number" &&
    Number.isSafeInteger(sizeGb) &&
    sizeGb >= limits.minGb &&
    sizeGb <= limits.maxGb &&
    sizeGb % limits.stepGb === 0;
  return ok
    ? { ok: true }
    : refused({ reason: "sizeOutOfRange", min: limits.minGb, max: limits.maxGb, step: limits.stepGb });
}

/**
 * When a rolling window admits one more scaling: null when it already does, otherwise the moment
 * enough of the scalings in it have aged out.
 */
export function nextFreeSlot(
  times: readonly Date[],
  limit: number,
  windowMs: number,
  now: Date,
): Date | null {
  const inWindow = times
    .filter((at) => at.getTime() <= now.getTime() && now.getTime() - at.getTime() < windowMs)
    .map((at) => at.getTime())
    .sort((a, b) => a - b);
  if (inWindow.length < limit) return null;
  return new Date(inWindow[inWindow.length - limit]! + windowMs);
}

/** Whether the rolling day and week have room for one more scaling at `now`. */
export function checkScalingWindows(
  earlier: readonly Date[],
  limits: StorageLimits,
  now: Date,
): StorageVerdict {
  const daily = nextFreeSlot(earlier, limits.perDay, DAY_MS, now);
  if (daily) return refused({ reason: "dailyLimit", limit: limits.perDay, next: daily });
  const weekly = nextFreeSlot(earlier, limits.perWeek, WEEK_MS, now);
  if (weekly) return refused({ reason: "weeklyLimit", limit: limits.perWeek, next: weekly });
  return { ok: true };
}

export type StorageScaling = {
  currentGb: number;
  requestedGb: unknown;
  /** The GB in use, when the backend can tell; null when it cannot (the current size is then the floor). */
  usedGb: number | null;
  /** When the earlier scalings of this resource took place (any order; older than a week is ignored). */
  earlier: readonly Date[];
  now: Date;
  limits: StorageLimits;
};

/**
 * The first rule a change of capacity breaks, in the order a person fixes them: the same size,
 * a size out of range, a size at or below what is used, a shrink of what cannot shrink, too large
 * a step, then the day's and the week's room.
 */
export function checkStorageScaling(s: StorageScaling): StorageVerdict {
  if (s.requestedGb === s.currentGb) return refused({ reason: "unchanged" });
  const size = checkStorageSize(s.requestedGb, s.limits);
  if (!size.ok) return size;
  const requested = s.requestedGb as number;
  if (s.usedGb !== null && requested <= s.usedGb) return refused({ reason: "belowUsed", used: s.usedGb });
  if (!s.limits.shrinkable && requested < s.currentGb) {
    return refused({ reason: "notLarger", current: s.currentGb });
  }
  if (Math.abs(requested - s.currentGb) > s.limits.maxStepGb) {
    return refused({ reason: "stepTooLarge", max: s.limits.maxStepGb });
  }
  return checkScalingWindows(s.earlier, s.limits, s.now);
}
