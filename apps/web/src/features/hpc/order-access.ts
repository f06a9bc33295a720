// Who may order an HPC or AI product here, as the order pages ask: the ordering code (the HPC
// operation set), a verified organisation, and whether the caller sees orders (the page opens the
// placed order then, else goes back).
import { useCurrentUser } from "../../app/console/current-user-context";
import { useHasCode, useMayAct } from "../../components/require-org";

export function useOrderAccess() {
  const user = useCurrentUser();
  return {
    mayOrder: useMayAct("hpcManage"),
    canSeeOrders: useHasCode("CC01"),
    verified: user.certificationStatus === "authSucceed",
  };
}
