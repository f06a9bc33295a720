// Spec §7 verification calls under /api/users, and the operators' review under /api/ops.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { VerificationService } from "./verification.service";
import type { VerificationReviewService } from "./verification-review.service";

export function registerVerificationRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: { verification: VerificationService; review: VerificationReviewService },
) {
  userRoute(app, guards, endpoints.verification.submitPersonal, ({ ctx, body }) =>
    s.verification.submitPersonal(ctx, body),
  );

  userRoute(app, guards, endpoints.verification.submitCompany, ({ ctx, body }) =>
    s.verification.submitCompany(ctx, body),
  );

  userRoute(app, guards, endpoints.verification.mine, ({ ctx }) => s.verification.info(ctx));

  userRoute(app, guards, endpoints.verification.companyOf, ({ ctx, params }) =>
    s.verification.record(ctx, params.id),
  );

  userRoute(app, guards, endpoints.verification.list, ({ query }) => s.review.queue(query));

  userRoute(app, guards, endpoints.verification.get, ({ params }) => s.review.detail(params.id));

  userRoute(app, guards, endpoints.verification.decide, ({ ctx, body }) => s.review.decide(ctx, body));
}
