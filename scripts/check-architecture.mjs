// The server's architecture check (run by `npm run check`): the rules of .dependency-cruiser.cjs
// (layers, platform below modules, SQL only in repositories, no file cycles) and no cycle between
// modules, counting every import, type-only ones included. Violations that are still being removed
// are listed in .dependency-cruiser-known.json: a new one fails, and so does a listed one that is
// gone (regenerate the list with `npm run check:architecture -- --update` so it only shrinks).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cruise } from "dependency-cruiser";

const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs");
const KNOWN = ".dependency-cruiser-known.json";
const update = process.argv.includes("--update");

const result = await cruise(["apps/server/src"], { ruleSet: config, validate: true, ...config.options });
const output = result.output;

const key = (v) =>
  `${v.rule.name} ${v.from}${v.to ? ` -> ${v.to}` : ""}${v.cycle ? ` [${v.cycle.map((c) => c.name ?? c).join(" ")}]` : ""}`;
const now = output.summary.violations;

// Module-level cycles: an edge for every import from one module's folder into another's.
const modOf = (f) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(f)?.[1];
const edges = new Map();
for (const m of output.modules) {
  const from = modOf(m.source);
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = modOf(d.resolved);
    if (to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)).add(to);
  }
}
const moduleCycles = stronglyConnected(edges).filter((c) => c.length > 1);
for (const cycle of moduleCycles) {
  now.push({ rule: { name: "no-module-cycle" }, from: cycle.sort().join(" <-> "), to: "" });
}

const current = new Set(now.map(key));
if (update) {
  writeFileSync(KNOWN, `${JSON.stringify([...current].sort(), null, 2)}\n`);
  console.log(`architecture: ${current.size} known violations written to ${KNOWN}`);
  process.exit(0);
}
const known = new Set(JSON.parse(readFileSync(KNOWN, "utf8")));
const added = [...current].filter((v) => !known.has(v));
const gone = [...known].filter((v) => !current.has(v));
for (const v of added) console.error(`new violation: ${v}`);
for (const v of gone) console.error(`fixed, remove from ${KNOWN}: ${v}`);
const byRule = {};
for (const v of current) byRule[v.split(" ")[0]] = (byRule[v.split(" ")[0]] ?? 0) + 1;
console.log(
  `architecture: ${current.size} known violations left (${
    Object.entries(byRule)
      .map(([r, n]) => `${r} ${n}`)
      .join(", ") || "none"
  }), ${added.length} new, ${gone.length} fixed but still listed`,
);
if (added.length || gone.length) {
  if (gone.length && !added.length) console.error("run `npm run check:architecture -- --update`");
  process.exit(1);
}

function stronglyConnected(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      out.push(c);
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}
