// Uploads without multipart: the body is the file's bytes (application/octet-stream) and the signed
// query names it (purpose, name, sha256 of the bytes). docs/api/signing.md, "Uploads".
import type { Readable } from "node:stream";
import { endpoints, fileUploadQuery, MAX_UPLOAD_BYTES, UPLOAD_RULES } from "@skyledger/contracts";
import type { FastifyReply } from "fastify";
import { DomainError } from "../http/errors";
import type { ModuleContext } from "../module";
import { cleanFileName, type FileService, type StoredFileRow } from "./files.service";

const UPLOAD_URL = "/api/files";

function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams the file as itself: images shown in place, anything else as a download. */
export function sendFile(reply: FastifyReply, { file, stream }: { file: StoredFileRow; stream: Readable }) {
  return reply
    .header("content-type", file.contentType)
    .header("content-length", String(file.size))
    .header("content-disposition", contentDisposition(file.name, file.contentType.startsWith("image/")))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(stream);
}

export function registerFileRoutes({ app, guards, userRoute }: ModuleContext, files: FileService) {
  app.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_req, body, done) =>
    done(null, body),
  );
  // A declared size beyond the purpose's limit is answered before the bytes are read.
  app.addHook("onRequest", async (req) => {
    if (req.method !== "POST" || req.routeOptions.url !== UPLOAD_URL) return;
    const parsed = fileUploadQuery.safeParse(req.query);
    const length = Number(req.headers["content-length"] ?? 0);
    const max = parsed.success ? UPLOAD_RULES[parsed.data.purpose].maxBytes : MAX_UPLOAD_BYTES;
    if (length > max) {
      const name = parsed.success ? cleanFileName(parsed.data.name) : "";
      throw new DomainError("FILE_TOO_LARGE", { name, max: max / 1024 / 1024 });
    }
  });

  // The body is the file's bytes (the octet-stream parser above), so the upload reads the request's.
  userRoute(app, guards, endpoints.files.upload, ({ ctx, query, req }) => files.upload(ctx, query, req.body));

  userRoute(app, guards, endpoints.files.download, async ({ ctx, params, reply }) =>
    sendFile(reply, await files.open(ctx, params.id)),
  );
}
