// /mgt/scalableFile/:id/detail (CB20): one elastic file with its access rules.
import { FileShareDetail } from "../../../features/fileshare/fileshare-detail";

export function ScalableFileDetailPage() {
  return <FileShareDetail kind="scalableFile" />;
}
