// Wires uploads and verification: the blob store under <DATA_DIR>/blobs, the file service and the
// tenant and operator verification endpoints.
import path from "node:path";
import type { Audit } from "../../platform/audit/audit";
import { localDiskBlobStore } from "../../platform/blobs/blob-store";
import { registerFileRoutes } from "../../platform/blobs/files.routes";
import { createFileService } from "../../platform/blobs/files.service";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import type { UserSessions } from "../iam/user-sessions";
import { registerVerificationRoutes } from "./verification.routes";
import { createVerificationService } from "./verification.service";
import { createVerificationReviewService } from "./verification-review.service";

export function registerVerification(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    dataDir: string;
    audit: Audit;
    sessions: UserSessions;
    messaging: Messaging;
  },
) {
  const files = createFileService({
    db: deps.db,
    clock: deps.clock,
    store: localDiskBlobStore(path.join(deps.dataDir, "blobs")),
  });
  registerFileRoutes(ctx, files);
  registerVerificationRoutes(ctx, {
    verification: createVerificationService({ ...deps, files }),
    review: createVerificationReviewService({ ...deps, files }),
  });
  return { files };
}
