// /mgt/dms (CB14): the organisation's message-queue instances.
import { DmsList } from "../../../features/dms/dms-list";

export function DmsPage() {
  return <DmsList />;
}
