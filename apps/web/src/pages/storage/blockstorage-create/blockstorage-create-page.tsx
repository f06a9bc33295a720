// /mgt/blockstorage/create (CB02): buy a cloud disk.
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function BlockStorageCreatePage() {
  return <StoragePurchasePage kind="disk" />;
}
