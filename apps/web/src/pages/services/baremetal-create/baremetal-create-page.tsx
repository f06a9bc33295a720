// /mgt/baremetalserver/create (CB08): buying a bare-metal server on the shared purchase page.
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function BareMetalCreatePage() {
  return <StoragePurchasePage kind="bareMetal" />;
}
