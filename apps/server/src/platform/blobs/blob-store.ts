// Where uploaded bytes live. The default keeps them on local disk under `<DATA_DIR>/blobs`; an
// S3-compatible store implements the same three calls and replaces it in app.ts.
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export type BlobStore = {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
};

// Keys are made by the file service ("ab/<uuid>"); anything else is refused before touching disk.
const KEY = /^[a-z0-9]{2}\/[a-z0-9-]{8,64}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid blob key: ${key}`);
  return key;
}

export function localDiskBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split("/"));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
