// Endpoints of remote login to a cloud host (`/webssh`; what each property means: define.ts).

import { ok } from "../api/common";
import { resourceParams } from "../api/resources";
import { webSshLoginBody, webSshTarget, webSshTicket } from "../api/webssh";
import { defineEndpoint } from "./define";

export const websshEndpoints = {
  target: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/hosts/:id/webssh",
    summary:
      "Where a remote login to the host would connect (its address, or the simulator's stand-in), the recorded host key, or why none is possible now",
    tags: ["resources"],
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    response: webSshTarget,
  }),
  openTerminal: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/hosts/:id/webssh_tickets",
    summary:
      "Log in to a running host over SSH with a password or a private key (used for this login only, never stored) and get a one-time ticket (30 s) for the terminal's WebSocket (/api/webssh/terminal?ticket=)",
    tags: ["resources"],
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    body: webSshLoginBody,
    response: webSshTicket,
  }),
  forgetHostKey: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/res/hosts/:id/webssh/host_key",
    summary:
      "Forget the host key recorded at the first remote login (the host was reinstalled): the next login records the key it is shown",
    tags: ["resources"],
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    response: ok,
  }),
};
