// Remote login calls (the host's webssh endpoints, CB01): where a host's login would go, and the
// signed ticket call that logs in with the typed password or key.
import { endpoints, type WebSshLoginBody } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const webSshApi = {
  login: (hostId: string, body: WebSshLoginBody) =>
    api.call(endpoints.webssh.openTerminal, { params: { id: hostId }, body }),
  forgetHostKey: (hostId: string) => api.call(endpoints.webssh.forgetHostKey, { params: { id: hostId } }),
};

export const useWebSshTarget = (hostId: string) =>
  useQuery({
    queryKey: ["webSshTarget", hostId],
    queryFn: () => api.call(endpoints.webssh.target, { params: { id: hostId } }),
    enabled: hostId !== "",
  });
