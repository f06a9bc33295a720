// Spec §7 verification calls under /api/users, and the operators' review under /api/ops.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { VerificationService } from "./verification.service";
import type { VerificationReviewService } from "./verification-review.service";

export function registerVerificationRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: { verification: VerificationService; review: VerificationReviewService },
) {
  userRoute(app, guards, endpoints.verification.submitPersonal, ({ body, principal, req }) =>
    s.verification.submitPersonal(principal, body, req.ip),
  );

  userRoute(app, guards, endpoints.verification.submitCompany, ({ body, principal, req }) =>
    s.verification.submitCompany(principal, body, req.ip),
  );

  userRoute(app, guards, endpoints.verification.mine, ({ principal }) => s.verification.info(principal));

  userRoute(app, guards, endpoints.verification.companyOf, ({ params, principal }) =>
    s.verification.record(principal, params.id),
  );

  userRoute(app, guards, endpoints.verification.list, ({ query }) => s.review.queue(query));

  userRoute(app, guards, endpoints.verification.get, ({ params }) => s.review.detail(params.id));

  userRoute(app, guards, endpoints.verification.decide, ({ body, principal, req }) =>
    s.review.decide(principal, body, req.ip),
  );
}
