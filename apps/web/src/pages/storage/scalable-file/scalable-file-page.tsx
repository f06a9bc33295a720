// /mgt/scalableFile (CB20): the organisation's elastic files.
import { FileShareList } from "../../../features/fileshare/fileshare-list";

export function ScalableFilePage() {
  return <FileShareList kind="scalableFile" />;
}
