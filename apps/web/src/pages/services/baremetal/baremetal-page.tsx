// /mgt/baremetalserver (CB08): the organisation's bare-metal servers.
import { BmsList } from "../../../features/bms/bms-list";

export function BareMetalPage() {
  return <BmsList />;
}
