// /mgt/share/create (CB10): buying a file share (NFS or CIFS).
import { StoragePurchasePage } from "../../../features/storage/storage-purchase-page";

export function ShareCreatePage() {
  return <StoragePurchasePage kind="share" />;
}
