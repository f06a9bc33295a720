// /mgt/dms/:id/detail (CB14): one message-queue instance.
import { DmsDetail } from "../../../features/dms/dms-detail";

export function DmsDetailPage() {
  return <DmsDetail />;
}
