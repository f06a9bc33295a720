// /mgt/share (CB10): the organisation's file shares.
import { FileShareList } from "../../../features/fileshare/fileshare-list";

export function SharePage() {
  return <FileShareList kind="share" />;
}
