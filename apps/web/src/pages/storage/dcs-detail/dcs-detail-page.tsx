// /mgt/dcs/:id/detail (CB13): one cache instance.
import { CacheDetail } from "../../../features/cache/cache-detail";

export function DcsDetailPage() {
  return <CacheDetail />;
}
