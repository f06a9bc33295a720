// /mgt/floatip (CB09): the organisation's elastic IPs.
import { AttachablePage } from "../../../features/storage/attachable-page";

export function FloatIpPage() {
  return <AttachablePage kind="elasticIp" />;
}
