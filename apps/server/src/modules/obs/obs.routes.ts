// Object storage (`/mgt/obs`): buckets, their objects, share links and the organisation's S3 access
// keys. Buying and unsubscribing a bucket go through the order and unsubscribe endpoints like every
// service. Uploads are the body's bytes (application/octet-stream, the parser files.routes.ts adds).
import { endpoints, MAX_OBJECT_UPLOAD_BYTES } from "@skyledger/contracts";
import type { FastifyReply } from "fastify";
import { DomainError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import type { ObsService, StoredObject } from "./obs.service";

function contentDisposition(key: string): string {
  const name = key.split("/").pop() ?? key;
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams the object as a download (never rendered in the console's origin). */
function sendObject(reply: FastifyReply, o: StoredObject) {
  return reply
    .header("content-type", o.contentType)
    .header("content-length", String(o.size))
    .header("etag", `"${o.etag}"`)
    .header("content-disposition", contentDisposition(o.key))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(o.body);
}

export function registerObsRoutes(ctx: ModuleContext, obs: ObsService) {
  const { app, guards, userRoute, publicRoute } = ctx;
  // A declared size beyond the console's limit is answered before the bytes are read.
  app.addHook("onRequest", async (req) => {
    if (req.method !== "POST" || req.routeOptions.url !== endpoints.obs.upload.path) return;
    if (Number(req.headers["content-length"] ?? 0) > MAX_OBJECT_UPLOAD_BYTES)
      throw new DomainError("OBJECT_TOO_LARGE", { max: MAX_OBJECT_UPLOAD_BYTES / 1024 / 1024 });
  });
  userRoute(app, guards, endpoints.obs.list, ({ ctx, query }) => obs.list(ctx, query));
  userRoute(app, guards, endpoints.obs.get, ({ ctx, params }) => obs.detail(ctx, params.id));
  userRoute(app, guards, endpoints.obs.setAcl, ({ ctx, params, body }) => obs.setAcl(ctx, params.id, body));
  userRoute(app, guards, endpoints.obs.objects, ({ ctx, params, query }) =>
    obs.objects(ctx, params.id, query),
  );
  userRoute(app, guards, endpoints.obs.upload, ({ ctx, params, query, req }) =>
    obs.upload(ctx, params.id, query, req.body),
  );
  userRoute(app, guards, endpoints.obs.download, async ({ ctx, params, query, reply }) =>
    sendObject(reply, await obs.download(ctx, params.id, query.key)),
  );
  userRoute(app, guards, endpoints.obs.createFolder, ({ ctx, params, body }) =>
    obs.createFolder(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.obs.deleteObjects, ({ ctx, params, body }) =>
    obs.deleteObjects(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.obs.share, ({ ctx, params, body }) => obs.share(ctx, params.id, body));
  publicRoute(app, guards, endpoints.obs.sharedObject, async ({ params, query, reply }) =>
    sendObject(reply, await obs.shared(params.token, query.key)),
  );
  userRoute(app, guards, endpoints.obs.accessKeys, ({ ctx }) => obs.accessKeys(ctx));
  userRoute(app, guards, endpoints.obs.createAccessKey, ({ ctx, body }) => obs.createAccessKey(ctx, body));
  userRoute(app, guards, endpoints.obs.deleteAccessKey, ({ ctx, params }) =>
    obs.deleteAccessKey(ctx, params.accessKeyId),
  );
}
