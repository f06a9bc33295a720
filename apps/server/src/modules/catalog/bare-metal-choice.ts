// A tenant's choice of a bare-metal server (issue 16 item 7): a flavour and an image the product
// offers. The price inquiry needs the flavour; ordering both (resources/bare-metal-spec.ts).
import { type BareMetalSpec, bareMetalFlavorOf, type SpecChoice } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";

export function bareMetalFlavorChosen(spec: BareMetalSpec, choice: SpecChoice) {
  const flavor = bareMetalFlavorOf(spec, choice.flavorId);
  if (!flavor) throw new DomainError("BARE_METAL_CHOICE_INVALID");
  return flavor;
}

/** The image chosen (the product's first when none is), or the refusal of one it does not offer. */
export function bareMetalImageChosen(spec: BareMetalSpec, choice: SpecChoice) {
  const image = choice.imageId ? spec.images.find((i) => i.id === choice.imageId) : spec.images[0];
  if (!image) throw new DomainError("BARE_METAL_CHOICE_INVALID");
  return image;
}
