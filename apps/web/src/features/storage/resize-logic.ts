// What the expand and change-bandwidth dialogs offer and send. A disk grows by whole GB within
// 50–500 GB, at most DISK_EXPANSION_MAX_STEP_GB at a time; an elastic IP takes another whole number of
// Mbit/s up to ELASTIC_IP_MAX_MBPS. The product may narrow these and the server counts the daily and
// weekly expansions: its refusal shows in the dialog. A file share or elastic file ("file") takes a
// capacity on its limits' step (10 GB) within their range, at most maxStepGb away, smaller only
// when the limits say it may shrink (the server refuses going to or below what is used).
import {
  DEFAULT_BANDWIDTH_MBPS,
  DISK_EXPANSION_MAX_STEP_GB,
  ELASTIC_IP_MAX_MBPS,
  type ResizeBody,
  STORAGE_MAX_GB,
  STORAGE_MIN_GB,
  type StorageScalingLimits,
} from "@skyledger/contracts";
import type { AttachableKind } from "./storage-api";

/** What the resize dialog changes: a disk's size, an elastic IP's bandwidth, a file share's capacity. */
export type ResizableKind = AttachableKind | "file";

/** The range the form accepts; `step` (1 when absent) is what the value must be a multiple of. */
export type ResizeBounds = { current: number; min: number; max: number; step?: number };

const whole = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

/** The current figure and the range the form accepts; min > max when a disk cannot grow any more. */
export function resizeBounds(
  kind: ResizableKind,
  spec: Record<string, unknown>,
  limits?: StorageScalingLimits | null,
): ResizeBounds {
  if (kind === "file") {
    const current = whole(spec.sizeGb) ?? STORAGE_MIN_GB;
    // Without its limits the capacity cannot be offered for change.
    if (!limits) return { current, min: current + 1, max: current };
    const step = Math.max(1, limits.stepGb);
    const reach = Math.floor(limits.maxStepGb / step) * step;
    const floor = Math.ceil(limits.minGb / step) * step;
    const ceiling = Math.floor(limits.maxGb / step) * step;
    return {
      current,
      min: limits.shrinkable ? Math.max(floor, current - reach) : Math.max(floor, current + step),
      max: Math.min(ceiling, current + reach),
      step,
    };
  }
  if (kind === "disk") {
    const current = whole(spec.sizeGb) ?? STORAGE_MIN_GB;
    return {
      current,
      min: Math.max(STORAGE_MIN_GB, current + 1),
      max: Math.min(STORAGE_MAX_GB, current + DISK_EXPANSION_MAX_STEP_GB),
    };
  }
  return { current: whole(spec.bandwidthMbps) ?? DEFAULT_BANDWIDTH_MBPS, min: 1, max: ELASTIC_IP_MAX_MBPS };
}

export const canResize = (bounds: ResizeBounds) => bounds.min <= bounds.max;

/** Whether a value is one the form may send: whole, within the range, not the current figure. */
export function acceptsValue(bounds: ResizeBounds, value: number | null | undefined): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= bounds.min &&
    value <= bounds.max &&
    value % (bounds.step ?? 1) === 0 &&
    value !== bounds.current
  );
}

/** The modify inquiry and change body, or null while the value cannot be sent. */
export function toStorageResizeBody(
  kind: ResizableKind,
  resource: { id: string; spec: Record<string, unknown> },
  value: number | null | undefined,
  limits?: StorageScalingLimits | null,
): ResizeBody | null {
  if (!acceptsValue(resizeBounds(kind, resource.spec, limits), value)) return null;
  return {
    resourceId: resource.id,
    spec: kind === "elasticIp" ? { bandwidthMbps: value } : { sizeGb: value },
  };
}
