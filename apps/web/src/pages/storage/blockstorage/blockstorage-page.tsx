// /mgt/blockstorage (CB02): the organisation's cloud disks.
import { AttachablePage } from "../../../features/storage/attachable-page";

export function BlockStoragePage() {
  return <AttachablePage kind="disk" />;
}
