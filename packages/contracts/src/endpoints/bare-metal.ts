// Endpoints of bare-metal servers (`/mgt/baremetalserver`, CB08): the caller's servers, one
// server, and its power actions. Buying, renewing and unsubscribing go through the order, renewal
// and unsubscribe endpoints like every service.
import { bareMetalActionBody, bareMetalServer } from "../api/bare-metal";
import { page } from "../api/common";
import { resourceParams, resourceQuery } from "../api/resources";
import { defineEndpoint } from "./define";

export const bareMetalEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/baremetal",
    summary: "The caller's bare-metal servers with their flavour, image and state",
    tags: ["bareMetal"],
    permissions: ["CB08"],
    tenantOnly: true,
    query: resourceQuery,
    response: page(bareMetalServer),
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/baremetal/:id",
    summary: "One bare-metal server: flavour figures, image, private address, payment and expiry",
    tags: ["bareMetal"],
    permissions: ["CB08"],
    tenantOnly: true,
    params: resourceParams,
    response: bareMetalServer,
  }),
  action: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/baremetal/:id/action",
    summary: "Start, stop or reboot a bare-metal server (where its state allows)",
    tags: ["bareMetal"],
    permissions: ["CB08"],
    tenantOnly: true,
    params: resourceParams,
    body: bareMetalActionBody,
    response: bareMetalServer,
  }),
};
