// What a bare-metal server is, from its product and the tenant's choice: the flavour's figures and
// words as bought (an operator may edit the product later); its cores are kept as `vcpu`, the
// figure every machine's spec names.
import type { BareMetalSpec, SpecChoice } from "@skyledger/contracts";
import { bareMetalFlavorChosen, bareMetalImageChosen } from "../catalog/bare-metal-choice";
import type { ResourceSpec } from "./resources.schema";

export function bareMetalChoiceOf(
  spec: BareMetalSpec,
  choice: SpecChoice,
  keyPairId: string | null,
): ResourceSpec {
  const flavor = bareMetalFlavorChosen(spec, choice);
  const image = bareMetalImageChosen(spec, choice);
  return {
    flavorId: flavor.id,
    imageId: image.id,
    vcpu: flavor.cores,
    memoryGb: flavor.memoryGb,
    gpuCount: flavor.gpu?.count ?? 0,
    keyPairId,
    bareMetal: {
      flavorName: flavor.name,
      cpuModel: flavor.cpuModel,
      diskDesc: flavor.diskDesc,
      gpuModel: flavor.gpu?.model ?? null,
      imageName: image.name,
    },
  };
}
