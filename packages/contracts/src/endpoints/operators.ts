// Endpoints of operator accounts (what each property means: define.ts). BA12: only the platform
// administrator holds it (decision 0028).

import { z } from "zod";
import { ok, page } from "../api/common";
import {
  operatorCreate,
  operatorPassword,
  operatorQuery,
  operatorRolesBody,
  operatorRow,
} from "../api/operators";
import { defineEndpoint } from "./define";

const operatorParams = z.object({ userSid: z.string().uuid() });

export const operatorsEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/operators",
    summary: "Operator accounts with their roles",
    tags: ["operations"],
    permissions: ["BA12"],
    query: operatorQuery,
    response: page(operatorRow),
  }),
  create: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/operators",
    summary: "Create an operator account with one or more roles; its temporary password is answered once",
    tags: ["operations"],
    permissions: ["BA12"],
    stepUp: "credential",
    body: operatorCreate,
    response: operatorPassword,
  }),
  setRoles: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/ops/operators/:userSid/roles",
    summary: "Replace an operator's roles (the last enabled platform administrator keeps theirs)",
    tags: ["operations"],
    permissions: ["BA12"],
    stepUp: "credential",
    params: operatorParams,
    body: operatorRolesBody,
    response: ok,
  }),
  disable: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/operators/:userSid/disable",
    summary: "Disable an operator account and end its sessions (never the last platform administrator)",
    tags: ["operations"],
    permissions: ["BA12"],
    params: operatorParams,
    response: ok,
  }),
  enable: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/operators/:userSid/enable",
    summary: "Re-enable a disabled operator account",
    tags: ["operations"],
    permissions: ["BA12"],
    params: operatorParams,
    response: ok,
  }),
  resetPassword: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/operators/:userSid/reset_password",
    summary: "Give an operator a new temporary password (answered once) and end their sessions",
    tags: ["operations"],
    permissions: ["BA12"],
    stepUp: "credential",
    params: operatorParams,
    response: operatorPassword,
  }),
};
