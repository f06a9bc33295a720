// /mgt/scalableFile/create (CB20): buying an elastic file (NFS).
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function ScalableFileCreatePage() {
  return <StoragePurchasePage kind="scalableFile" />;
}
