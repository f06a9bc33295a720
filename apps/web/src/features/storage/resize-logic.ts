// What the expand and change-bandwidth dialogs offer and send. A disk grows by whole GB within
// 50–500 GB, at most DISK_EXPANSION_MAX_STEP_GB at a time; an elastic IP takes another whole number of
// Mbit/s up to ELASTIC_IP_MAX_MBPS. The product may narrow these and the server counts the daily and
// weekly expansions: its refusal shows in the dialog.
import {
  DEFAULT_BANDWIDTH_MBPS,
  DISK_EXPANSION_MAX_STEP_GB,
  ELASTIC_IP_MAX_MBPS,
  type ResizeBody,
  STORAGE_MAX_GB,
  STORAGE_MIN_GB,
} from "@skyledger/contracts";
import type { AttachableKind } from "./storage-api";

export type ResizeBounds = { current: number; min: number; max: number };

const whole = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

/** The current figure and the range the form accepts; min > max when a disk cannot grow any more. */
export function resizeBounds(kind: AttachableKind, spec: Record<string, unknown>): ResizeBounds {
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
    value !== bounds.current
  );
}

/** The modify inquiry and change body, or null while the value cannot be sent. */
export function toStorageResizeBody(
  kind: AttachableKind,
  resource: { id: string; spec: Record<string, unknown> },
  value: number | null | undefined,
): ResizeBody | null {
  if (!acceptsValue(resizeBounds(kind, resource.spec), value)) return null;
  return { resourceId: resource.id, spec: kind === "disk" ? { sizeGb: value } : { bandwidthMbps: value } };
}
