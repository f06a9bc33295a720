// The two file services the same pages serve: file storage (`/mgt/share`, CB10; NFS or CIFS) and
// the elastic file service (`/mgt/scalableFile`, CB20; NFS). `ns` is each one's texts, test ids and
// list key; the texts both share (fields, access rules, capacity) are under `share.`.
import { endpoints } from "@skyledger/contracts";

export const FILE_SERVICES = {
  share: { ns: "share", listPath: "/mgt/share", endpoints: endpoints.shares },
  scalableFile: { ns: "scalableFile", listPath: "/mgt/scalableFile", endpoints: endpoints.scalableFiles },
} as const;

export type FileKind = keyof typeof FILE_SERVICES;
