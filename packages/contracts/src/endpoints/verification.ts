// Endpoints of verification (what each property means: define.ts).

import { z } from "zod";
import { ok, page } from "../api/common";
import {
  authInfo,
  companyAuthSubmit,
  personalAuthSubmit,
  verificationDecision,
  verificationDetail,
  verificationQuery,
  verificationRecord,
  verificationRow,
} from "../api/verification";
import { defineEndpoint } from "./define";

const idParams = z.object({ id: z.string().uuid() });

export const verificationEndpoints = {
  submitPersonal: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/users/submitAuth",
    summary: "Submit personal (real-name) verification: name, ID card number and both ID photos",
    tags: ["verification"],
    permissions: [],
    tenantOnly: true,
    noStateChange: "ownAccount",
    body: personalAuthSubmit,
    response: verificationRecord,
  }),
  submitCompany: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/users/companyAuth",
    summary: "Submit enterprise verification: certificate, legal representative, contact and documents",
    tags: ["verification"],
    permissions: [],
    tenantOnly: true,
    noStateChange: "ownAccount",
    body: companyAuthSubmit,
    response: verificationRecord,
  }),
  mine: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/users/getAuthUserInfoById",
    summary: "The verification state of the caller's organisation and its latest submission",
    tags: ["verification"],
    permissions: [],
    response: authInfo,
  }),
  companyOf: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/users/getAuthCompanyInfoById/:id",
    summary: "One verification submission of the caller's organisation",
    tags: ["verification"],
    permissions: [],
    tenantOnly: true,
    params: idParams,
    response: verificationRecord,
  }),
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/verifications",
    summary: "The verification review queue: pending submissions first, oldest first",
    tags: ["operations"],
    permissions: ["BA05"],
    query: verificationQuery,
    response: page(verificationRow),
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/verifications/:id",
    summary: "A submission with its details and documents, for review",
    tags: ["operations"],
    permissions: ["BA05"],
    params: idParams,
    response: verificationDetail,
  }),
  decide: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/users/approve",
    summary: "Approve or reject a pending verification; a rejection needs a remark for the tenant",
    tags: ["operations"],
    permissions: ["BA05"],
    body: verificationDecision,
    response: ok,
  }),
};
