// /mgt/dcs (CB13): the organisation's cache instances.
import { CacheList } from "../../../features/cache/cache-list";

export function DcsPage() {
  return <CacheList />;
}
