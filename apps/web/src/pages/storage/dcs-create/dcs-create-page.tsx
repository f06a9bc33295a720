// /mgt/dcs/create (CB13): buying a Redis cache instance.
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function DcsCreatePage() {
  return <StoragePurchasePage kind="cache" />;
}
