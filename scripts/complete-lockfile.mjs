#!/usr/bin/env node
// The npm registry reachable from our machines serves only linux/glibc builds of packages that ship
// per-platform binaries (esbuild, rollup, biome, …), so `npm install` leaves the other platforms'
// optional packages out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This adds an entry for each such optional package with its os/cpu/libc, so npm ci skips it by
// platform without fetching it. Run after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OSES = [
  "darwin",
  "win32",
  "android",
  "freebsd",
  "openbsd",
  "netbsd",
  "sunos",
  "aix",
  "openharmony",
  "linux",
];
const CPUS = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32", "arm"];

function platformOf(name) {
  const parts = name.toLowerCase().split(/[/-]/);
  const meta = {};
  const os = OSES.find((o) => parts.includes(o) || (o === "win32" && parts.includes("windows")));
  if (os) meta.os = [os];
  const cpu = CPUS.find((c) => parts.includes(c) || (c === "x64" && parts.includes("amd64")));
  if (cpu) meta.cpu = [cpu];
  else if (parts.some((p) => p.startsWith("arm"))) meta.cpu = ["arm"];
  if (os === "linux") meta.libc = parts.some((p) => p.startsWith("musl")) ? ["musl"] : ["glibc"];
  return meta;
}

// Where npm would look for a dependency of the package at `path`: its own node_modules, then up.
function resolves(path, dep) {
  let base = path;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${dep}`]) return true;
    if (!base) return false;
    const i = base.lastIndexOf("/node_modules/");
    base = i < 0 ? "" : base.slice(0, i);
  }
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(path, dep)) continue;
    const at = `${path ? `${path}/` : ""}node_modules/${dep}`.replace(
      /^node_modules\/node_modules\//,
      "node_modules/",
    );
    const target = path === "" || !path.includes("node_modules/") ? `node_modules/${dep}` : at;
    if (packages[target]) continue;
    packages[target] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`complete-lockfile: added ${added} platform-specific optional package(s)\n`);
