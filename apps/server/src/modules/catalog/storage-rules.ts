// The storage capacity rule set (packages/billing storage-capacity.ts) as the server applies it:
// the limits of each storage kind — the platform's 50–500 GB within its product's range, the
// scalings a day and a week and the most one scaling may change from configuration — and each
// refusal as its error (a cloud disk keeps its own codes and messages, shares and elastic files
// take the storage-neutral ones).
import {
  checkStorageSize,
  DEFAULT_STORAGE_LIMITS,
  type StorageLimits,
  type StorageRefusal,
} from "@skyledger/billing";
import {
  FILE_SIZE_STEP_GB,
  type FileProtocol,
  type FileShareSpec,
  type ScalableFileSpec,
  type SpecChoice,
  STORAGE_MAX_GB,
  STORAGE_MIN_GB,
} from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";

/** Scalings per rolling day and week and the most one may change (config `storage`). */
export type StorageScalingSettings = { perDay: number; perWeek: number; maxStepGb: number };

export const DEFAULT_STORAGE_SCALING: StorageScalingSettings = {
  perDay: DEFAULT_STORAGE_LIMITS.perDay,
  perWeek: DEFAULT_STORAGE_LIMITS.perWeek,
  maxStepGb: DEFAULT_STORAGE_LIMITS.maxStepGb,
};

export type StorageKind = "disk" | "share" | "scalableFile";

export const isStorageKind = (kind: string): kind is StorageKind =>
  kind === "disk" || kind === "share" || kind === "scalableFile";

/**
 * A file share's or elastic file's capacity and protocol as bought: the protocol one the product
 * offers, the size one the rule set allows (the product's range on FILE_SIZE_STEP_GB).
 */
export function fileChoiceOf(
  spec: FileShareSpec | ScalableFileSpec,
  choice: SpecChoice,
): { protocol: FileProtocol; sizeGb: number } {
  const protocol = choice.protocol ?? spec.protocols[0]!;
  if (!(spec.protocols as readonly string[]).includes(protocol)) {
    throw new DomainError("FILE_CHOICE_INVALID", { protocols: spec.protocols.join(" / ") });
  }
  const limits = storageLimits(spec.kind, spec, DEFAULT_STORAGE_SCALING);
  const size = checkStorageSize(choice.sizeGb, limits);
  if (!size.ok) throw storageRefusalError(spec.kind, size.refusal, (at) => at.toISOString());
  return { protocol, sizeGb: choice.sizeGb! };
}

/** The limits of one resource: its product's size range within the platform's, its step. */
export function storageLimits(
  kind: StorageKind,
  product: { minGb: number; maxGb: number },
  settings: StorageScalingSettings,
): StorageLimits {
  return {
    minGb: Math.max(STORAGE_MIN_GB, product.minGb),
    maxGb: Math.min(STORAGE_MAX_GB, product.maxGb),
    // Disks by the GB, file shares and elastic files by FILE_SIZE_STEP_GB.
    stepGb: kind === "disk" ? 1 : FILE_SIZE_STEP_GB,
    maxStepGb: settings.maxStepGb,
    perDay: settings.perDay,
    perWeek: settings.perWeek,
    // A disk only grows (its file system would be cut); a share may shrink above what is used.
    shrinkable: kind !== "disk",
  };
}

/** The refusal as the error the tenant reads; `local` writes the next free moment. */
export function storageRefusalError(
  kind: StorageKind,
  refusal: StorageRefusal,
  local: (at: Date) => string,
): DomainError {
  const disk = kind === "disk";
  switch (refusal.reason) {
    case "unchanged":
      return new DomainError("CONFIG_UNCHANGED");
    case "sizeOutOfRange":
      return disk
        ? new DomainError("DISK_SIZE_OUT_OF_RANGE", { min: refusal.min, max: refusal.max })
        : new DomainError("STORAGE_SIZE_OUT_OF_RANGE", {
            min: refusal.min,
            max: refusal.max,
            step: refusal.step,
          });
    case "belowUsed":
      return new DomainError(disk ? "DISK_SIZE_BELOW_USED" : "STORAGE_SIZE_BELOW_USED", {
        used: refusal.used,
      });
    case "notLarger":
      return new DomainError(disk ? "DISK_SIZE_NOT_LARGER" : "STORAGE_SIZE_NOT_LARGER", {
        current: refusal.current,
      });
    case "stepTooLarge":
      return new DomainError(disk ? "DISK_EXPANSION_STEP_TOO_LARGE" : "STORAGE_STEP_TOO_LARGE", {
        max: refusal.max,
      });
    case "dailyLimit":
      return new DomainError(disk ? "DISK_EXPANSION_DAILY_LIMIT" : "STORAGE_DAILY_LIMIT", {
        limit: refusal.limit,
        next: local(refusal.next),
      });
    case "weeklyLimit":
      return new DomainError(disk ? "DISK_EXPANSION_WEEKLY_LIMIT" : "STORAGE_WEEKLY_LIMIT", {
        limit: refusal.limit,
        next: local(refusal.next),
      });
  }
}
