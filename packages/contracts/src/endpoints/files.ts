// Endpoints of files (what each property means: define.ts).

import { z } from "zod";
import { fileUploadQuery, storedFile } from "../api/verification";
import { MAX_UPLOAD_BYTES } from "../files";
import { defineEndpoint } from "./define";

export const filesEndpoints = {
  upload: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/files",
    summary:
      "Upload one file: the body is its bytes (Content-Type application/octet-stream), the query gives purpose, name and the hex SHA-256 of the body. Answers the file id. Tenant users upload their documents (idPhoto, verificationAttachment); operators holding BI the evidence of a manual recharge (rechargeEvidence).",
    tags: ["files"],
    permissions: [],
    noStateChange: "ownAccount",
    bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
    query: fileUploadQuery,
    response: storedFile,
  }),
  download: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/files/:id",
    summary: "Read an uploaded file: its owner and the reviewers of its purpose only, anyone else gets 404",
    tags: ["files"],
    permissions: [],
    rawReply: true,
    params: z.object({ id: z.string() }),
  }),
};
