// /mgt/floatip/create (CB09): allocate an elastic IP (1 Mbit/s unless chosen otherwise).
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function FloatIpCreatePage() {
  return <StoragePurchasePage kind="elasticIp" />;
}
