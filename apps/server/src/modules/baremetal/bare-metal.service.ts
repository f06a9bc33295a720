// Bare-metal servers on `/mgt/baremetalserver` (CB08): the caller's servers with the flavour's
// figures and the image as bought, one server, and its power actions. Every server is a simulator
// instance (decision 0027): the pages say so with `simulated`.
import type { BareMetalAction, BareMetalServer, ResourceRecord } from "@skyledger/contracts";
import type { RequestContext } from "../../platform/request-context";
import type { ResourceSpec } from "../orders/provisioning/service-domain";
import type { ResourcesService } from "../resources/resources.service";

/** The server's machine, next to its resource record; null when its figures were never recorded. */
export function bareMetalView(record: ResourceRecord): BareMetalServer {
  const spec = record.spec as ResourceSpec;
  const words = spec.bareMetal;
  return {
    ...record,
    machine:
      words && spec.flavorId && spec.imageId
        ? {
            flavorId: spec.flavorId,
            flavorName: words.flavorName,
            cpuModel: words.cpuModel,
            cores: spec.vcpu ?? 0,
            memoryGb: spec.memoryGb ?? 0,
            diskDesc: words.diskDesc,
            gpuModel: words.gpuModel,
            gpuCount: spec.gpuCount ?? 0,
            imageId: spec.imageId,
            imageName: words.imageName,
          }
        : null,
    simulated: true,
  };
}

export function createBareMetalService(deps: { resources: ResourcesService }) {
  const { resources } = deps;

  async function detail(ctx: RequestContext, id: string): Promise<BareMetalServer> {
    return bareMetalView(await resources.detail(ctx, id, "bareMetal"));
  }

  return {
    async list(ctx: RequestContext, q: Parameters<ResourcesService["list"]>[1]) {
      const page = await resources.list(ctx, q, "bareMetal");
      return { ...page, list: page.list.map(bareMetalView) };
    },

    detail,

    /** Start, stop or reboot: the resources service's machine action on this kind only. */
    async act(ctx: RequestContext, id: string, action: BareMetalAction): Promise<BareMetalServer> {
      await resources.act(ctx, id, { action }, "bareMetal");
      return detail(ctx, id);
    },
  };
}
export type BareMetalService = ReturnType<typeof createBareMetalService>;
