// Spec §7 verification calls under /api/users, and the operators' review under /api/ops.
import {
  authInfo,
  companyAuthSubmit,
  ok,
  page,
  personalAuthSubmit,
  verificationDecision,
  verificationDetail,
  verificationQuery,
  verificationRecord,
  verificationRow,
} from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import type { VerificationService } from "./verification.service";
import type { VerificationReviewService } from "./verification-review.service";

const idParams = z.object({ id: z.string().uuid() });

export function registerVerificationRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: { verification: VerificationService; review: VerificationReviewService },
) {
  const tags = ["verification"];

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/submitAuth",
    summary: "Submit personal (real-name) verification: name, ID card number and both ID photos",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    tenantOnly: true,
    body: personalAuthSubmit,
    response: verificationRecord,
    handler: ({ body, principal, req }) => s.verification.submitPersonal(principal, body, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/companyAuth",
    summary: "Submit enterprise verification: certificate, legal representative, contact and documents",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    tenantOnly: true,
    body: companyAuthSubmit,
    response: verificationRecord,
    handler: ({ body, principal, req }) => s.verification.submitCompany(principal, body, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/users/getAuthUserInfoById",
    summary: "The verification state of the caller's organisation and its latest submission",
    tags,
    permissions: [],
    response: authInfo,
    handler: ({ principal }) => s.verification.info(principal),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/users/getAuthCompanyInfoById/:id",
    summary: "One verification submission of the caller's organisation",
    tags,
    permissions: [],
    tenantOnly: true,
    params: idParams,
    response: verificationRecord,
    handler: ({ params, principal }) => s.verification.record(principal, params.id),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/verifications",
    summary: "The verification review queue: pending submissions first, oldest first",
    tags: ["operations"],
    permissions: ["BA05"],
    querystring: verificationQuery,
    response: page(verificationRow),
    handler: ({ query }) => s.review.queue(query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/verifications/:id",
    summary: "A submission with its details and documents, for review",
    tags: ["operations"],
    permissions: ["BA05"],
    params: idParams,
    response: verificationDetail,
    handler: ({ params }) => s.review.detail(params.id),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/users/approve",
    summary: "Approve or reject a pending verification; a rejection needs a remark for the tenant",
    tags: ["operations"],
    permissions: ["BA05"],
    body: verificationDecision,
    response: ok,
    handler: ({ body, principal, req }) => s.review.decide(principal, body, req.ip),
  });
}
