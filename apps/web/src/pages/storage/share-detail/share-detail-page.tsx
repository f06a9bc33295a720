// /mgt/share/:id/detail (CB10): one file share with its access rules.
import { FileShareDetail } from "../../../features/fileshare/fileshare-detail";

export function ShareDetailPage() {
  return <FileShareDetail kind="share" />;
}
