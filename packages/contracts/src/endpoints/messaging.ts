// Endpoints of messaging (what each property means: define.ts).

import { page } from "../api/common";
import { outboxMessage, outboxQuery } from "../api/ops";
import { defineEndpoint } from "./define";

export const messagingEndpoints = {
  outbox: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/outbox",
    summary: "SMS and e-mail messages sent or recorded by the platform",
    tags: ["operations"],
    permissions: ["BA03"],
    query: outboxQuery,
    response: page(outboxMessage),
  }),
};
