// /mgt/floatip/:id/detail (CB09): one elastic IP.
import { AttachableDetailPage } from "../../../features/storage/attachable-detail-page";

export function FloatIpDetailPage() {
  return <AttachableDetailPage kind="elasticIp" />;
}
