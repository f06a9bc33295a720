import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The server runs from its sources (tests, tsx) and from a bundle in apps/server/dist: find the
// package root either way, so the committed migrations are read from one place.
function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "drizzle.config.ts"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("cannot locate apps/server");
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = path.join(serverRoot(), "src", "migrations");
