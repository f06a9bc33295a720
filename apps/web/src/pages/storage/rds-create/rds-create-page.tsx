// /mgt/rds/create (CB04): buying a relational database.
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function RdsCreatePage() {
  return <StoragePurchasePage kind="rds" />;
}
