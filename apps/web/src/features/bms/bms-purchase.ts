// A bare-metal server's part of the purchase form (features/storage/storage-purchase.ts has the
// rest): one of the flavours and one of the images the product sells.
import { type BareMetalSpec, bareMetalFlavorOf, type ServiceApplyBody } from "@skyledger/contracts";
import { defaultPayment } from "../services/purchase";
import type { ListedProduct } from "../services/services-api";

export type BmsProduct = ListedProduct & { spec: BareMetalSpec };

/** The server's fields of the form: the flavour's and the image's ids. */
export type BmsChoiceValues = { bmsFlavor?: string; bmsImage?: string };

/** Values a newly picked product starts with: its first flavour and image. */
export function bmsDefaults(product: BmsProduct) {
  return {
    bmsFlavor: product.spec.flavors[0]?.id,
    bmsImage: product.spec.images[0]?.id,
    ...defaultPayment(product),
  };
}

/** The spec choice, or null while no flavour and image the product sells are chosen. */
export function bmsChoiceOf(values: BmsChoiceValues, product: BmsProduct): ServiceApplyBody["spec"] | null {
  const flavor = bareMetalFlavorOf(product.spec, values.bmsFlavor);
  const image = product.spec.images.find((i) => i.id === values.bmsImage);
  return flavor && image ? { flavorId: flavor.id, imageId: image.id } : null;
}
