// /mgt/obs/create (CB05; ordering takes CB0501): buying a bucket.
import { BucketPurchasePage } from "../../../features/obs/obs-purchase-page";

export function ObsCreatePage() {
  return <BucketPurchasePage />;
}
