// /mgt/innerservice (CB18, spec §2; issue 14 item 3): dedicated HPC and AI pool applications. A
// tenant follows the organisation's (waiting for an operator, active with a link to the pool,
// closed with the operator's reason, failed, unsubscribed); an operator (BA07, the approval queue's
// code) sees every tenant's and activates or closes a waiting one — the approval queue's manual
// activation, reached from here too.
import { useCurrentUser } from "../../../app/console/current-user-context";
import { ApplicationsView } from "./applications-view";

export function InnerServicePage() {
  const user = useCurrentUser();
  return <ApplicationsView operator={user.moduleType === "sys"} />;
}
