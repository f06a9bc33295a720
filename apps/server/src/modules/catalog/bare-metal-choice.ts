// A tenant's choice of a bare-metal server (issue 16 item 7): a flavour and an image the product
// offers. The resource keeps the flavour's figures as bought (an operator may edit the product
// later); its cores are kept as `vcpu`, the figure every machine's spec names.
import { type BareMetalSpec, bareMetalFlavorOf, type SpecChoice } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ResourceSpec } from "../orders/provisioning/service-domain";

export function bareMetalFlavorChosen(spec: BareMetalSpec, choice: SpecChoice) {
  const flavor = bareMetalFlavorOf(spec, choice.flavorId);
  if (!flavor) throw new DomainError("BARE_METAL_CHOICE_INVALID");
  return flavor;
}

export function bareMetalChoiceOf(
  spec: BareMetalSpec,
  choice: SpecChoice,
  keyPairId: string | null,
): ResourceSpec {
  const flavor = bareMetalFlavorChosen(spec, choice);
  const image = choice.imageId ? spec.images.find((i) => i.id === choice.imageId) : spec.images[0];
  if (!image) throw new DomainError("BARE_METAL_CHOICE_INVALID");
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
