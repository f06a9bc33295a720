// /mgt/obs/detail/:id (CB05): one bucket, its usage and its objects.
import { BucketDetail } from "../../../features/obs/obs-detail";

export function ObsDetailPage() {
  return <BucketDetail />;
}
