// Endpoints are defined once, in packages/contracts/src/endpoints (issue 12 §5). Fails when:
// - a server route is declared inline (`userRoute(app, guards, { … })`) instead of from a definition;
// - a web page or feature holds a literal `/api/` path, calls `fetch(`, or calls the API client with
//   a path of its own (`api.get(…)`) instead of `api.call(endpoints.…)`.
// Web files still calling with their own paths are listed in check-endpoints.baseline.txt: the list
// may only shrink (a file that no longer needs it must leave it, and no file may join it).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const files = (...dirs) =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...dirs], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const problems = [];

for (const file of files("apps/server/src")) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  if (!/\b(userRoute|publicRoute)\(/.test(text)) continue;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      (n.expression.text === "userRoute" || n.expression.text === "publicRoute") &&
      n.arguments[2] &&
      ts.isObjectLiteralExpression(n.arguments[2])
    ) {
      const line = sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      problems.push(`${file}:${line}: route declared inline; define it in packages/contracts/src/endpoints`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

const baselineFile = path.join(ROOT, "scripts/check-endpoints.baseline.txt");
const baseline = new Set(
  readFileSync(baselineFile, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#")),
);
const OWN_PATH_CALL = /\bapi\.(get|post|put|del|download|upload|request)\s*[<(]/;
const stillListed = new Set();
for (const file of files("apps/web/src/pages", "apps/web/src/features")) {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    if (/["'`]\/api\//.test(line))
      problems.push(`${file}:${i + 1}: literal /api/ path; call an endpoint instead`);
    if (/(^|[^.\w])fetch\(/.test(line)) problems.push(`${file}:${i + 1}: fetch(; use the API client`);
  });
  if (lines.some((line) => OWN_PATH_CALL.test(line))) {
    if (baseline.has(file)) stillListed.add(file);
    else problems.push(`${file}: calls the API with a path of its own; use api.call(endpoints.…)`);
  }
}
for (const file of baseline) {
  if (!stillListed.has(file))
    problems.push(
      `${file}: no longer calls with its own path; remove it from ${path.relative(ROOT, baselineFile)}`,
    );
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("endpoints: every route from a definition; no page or feature writes an API path");
