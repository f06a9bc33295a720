// One message centre, two places: tenants read theirs at /mgt/msgs (CF), operators at /sys/msgs
// (BN, which every operator role holds). The header's bell and the pages link within the caller's.
import { useCurrentUser } from "../../app/console/current-user-context";

/** The signed-in user's message centre, or null when they may not open one. */
export function useMessageCentrePath(): "/mgt/msgs" | "/sys/msgs" | null {
  const { routes } = useCurrentUser();
  if (routes.includes("/mgt/msgs")) return "/mgt/msgs";
  if (routes.includes("/sys/msgs")) return "/sys/msgs";
  return null;
}
