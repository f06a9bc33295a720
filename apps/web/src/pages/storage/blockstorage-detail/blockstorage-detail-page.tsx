// /mgt/blockstorage/:id/detail (CB02): one cloud disk.
import { AttachableDetailPage } from "../../../features/storage/attachable-detail-page";

export function BlockStorageDetailPage() {
  return <AttachableDetailPage kind="disk" />;
}
