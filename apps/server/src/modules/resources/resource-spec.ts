// What a resource is, from the product's specification schema and the tenant's choice: the figures
// quotas count and the one-line summary lists show.
import type { SpecChoice, SpecSchema } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import { fileChoiceOf } from "../catalog/storage-rules";
import { bareMetalChoiceOf } from "./bare-metal-spec";
import type { ResourceKind, ResourceSpec } from "./resources.schema";

/** The resource kind a product provisions; products sold by capacity have no provider mapping yet. */
export function resourceKindOf(spec: SpecSchema): ResourceKind {
  // HPC pools are the hpc module's (modules/hpc/hpc-domain.ts).
  // Databases are the rds module's (modules/rds/rds-domain.ts), caches the cache module's, queues the queue module's,
  // buckets the obs module's.
  if (
    spec.kind === "capacity" ||
    spec.kind === "hpcPool" ||
    spec.kind === "aiPlatform" ||
    spec.kind === "rds" ||
    spec.kind === "cache" ||
    spec.kind === "queue" ||
    spec.kind === "bucket"
  )
    throw new DomainError("SERVICE_CONFIG_EMPTY");
  return spec.kind;
}

export function resourceSpecOf(spec: SpecSchema, choice: SpecChoice, keyPairId: string | null): ResourceSpec {
  switch (spec.kind) {
    case "host": {
      const flavor = spec.flavors.find((f) => f.id === choice.flavorId);
      if (!flavor) throw new DomainError("PRICE_NOT_CALCULABLE");
      const imageId = choice.imageId ?? spec.images[0]!.id;
      return {
        flavorId: flavor.id,
        imageId,
        vcpu: flavor.vcpu,
        memoryGb: flavor.memoryGb,
        gpuCount: flavor.gpuCount,
        systemDiskGb: spec.systemDiskGb,
        keyPairId,
        ...(choice.network ? { network: choice.network } : {}),
      };
    }
    case "disk":
      return { diskType: choice.diskType!, sizeGb: choice.sizeGb! };
    case "elasticIp":
      return { bandwidthMbps: choice.bandwidthMbps ?? spec.defaultMbps };
    case "capacity":
    case "hpcPool":
    case "aiPlatform":
    case "rds":
    case "cache":
    case "queue":
    case "bucket":
      throw new DomainError("SERVICE_CONFIG_EMPTY");
    case "share":
    case "scalableFile":
      return fileChoiceOf(spec, choice);
    case "bareMetal":
      return bareMetalChoiceOf(spec, choice, keyPairId);
  }
}

export function summaryOf(kind: ResourceKind, spec: ResourceSpec): string {
  switch (kind) {
    case "host":
      return `${spec.vcpu} vCPU / ${spec.memoryGb} GB${spec.gpuCount ? ` / ${spec.gpuCount} GPU` : ""} · ${spec.imageId}`;
    case "disk":
      return `${spec.diskType} · ${spec.sizeGb} GB`;
    case "elasticIp":
      return `${spec.bandwidthMbps} Mbit/s`;
    case "snapshot":
      return `${spec.systemDiskGb ?? 0} GB`;
    case "hpcPool":
      // The cluster partition as Slurm names it (the pool type is said by the product's name).
      return spec.hpc ? spec.hpc.partition : "";
    case "aiPlatform":
      // Nothing to choose: the product's name says what it is.
      return "";
    case "rds":
      return `${spec.engine === "mysql" ? "MySQL" : "PostgreSQL"} · ${spec.vcpu} vCPU / ${spec.memoryGb} GB · ${spec.sizeGb} GB`;
    case "cache":
      return `Redis · ${spec.memoryGb} GB`;
    case "queue":
      return `RabbitMQ · ${spec.maxQueues} / ${spec.maxConnections}`;
    case "share":
    case "scalableFile":
      return `${spec.protocol} · ${spec.sizeGb} GB`;
    case "bucket":
      return `${spec.bucketName} · ${spec.storageClass}`;
    case "bareMetal":
      // Physical cores ("CPU", where a host's are "vCPU"): the line is shown in both languages.
      return `${spec.vcpu} CPU / ${spec.memoryGb} GB${spec.gpuCount ? ` / ${spec.gpuCount} GPU` : ""} · ${spec.imageId}`;
  }
}
