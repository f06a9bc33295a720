// /mgt/baremetalserver/:id/detail (CB08): one bare-metal server.
import { BmsDetail } from "../../../features/bms/bms-detail";

export function BareMetalDetailPage() {
  return <BmsDetail />;
}
