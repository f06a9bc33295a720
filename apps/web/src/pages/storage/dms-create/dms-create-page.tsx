// /mgt/dms/create (CB14): buying a RabbitMQ message-queue instance.
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function DmsCreatePage() {
  return <StoragePurchasePage kind="queue" />;
}
