#!/usr/bin/env node
// Builds what is not built (or is older than its sources): the server bundle and the web app.
// `--force` rebuilds both. Used by `npm start`, `npm run build` and the browser tests.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const force = process.argv.includes("--force");

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (force || !existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(path.join(root, dir)) > built);
}

const shared = ["packages/contracts/src", "packages/billing/src"];
const serverOut = path.join(root, "apps/server/dist/main.js");
if (stale(serverOut, ["apps/server/src", ...shared])) {
  process.stdout.write("Building the server…\n");
  await build({
    entryPoints: [path.join(root, "apps/server/src/main.ts")],
    outfile: serverOut,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        // Our workspace packages are TypeScript sources and go into the bundle; every other
        // package is loaded from node_modules at run time.
        name: "externals",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@skyledger/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

const webOut = path.join(root, "apps/web/dist/index.html");
if (
  stale(webOut, ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", ...shared.slice(0, 1)])
) {
  process.stdout.write("Building the web console (first start takes a minute)…\n");
  const result = spawnSync("npm", ["run", "build", "-w", "@skyledger/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
