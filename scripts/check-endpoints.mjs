// Endpoints are defined once, in packages/contracts/src/endpoints (issue 12 §5). Fails when:
// - a server route is declared inline (`userRoute(app, guards, { … })`) instead of from a definition;
// - a web page, feature, shared component or library file holds a literal `/api/` path, calls
//   `fetch(`, or calls the API client with a path of its own (`api.get(…)`) instead of
//   `api.call(endpoints.…)`. The client itself (lib/api-client.ts) is the one place that may.
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

const OWN_PATH_CALL = /\bapi\.(get|post|put|del|download|upload|request)\s*[<(]/;
const CLIENT = "apps/web/src/lib/api-client.ts";
const webFiles = files(
  "apps/web/src/pages",
  "apps/web/src/features",
  "apps/web/src/components",
  "apps/web/src/lib",
).filter((f) => f !== CLIENT);
for (const file of webFiles) {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    if (/["'`]\/api\//.test(line))
      problems.push(`${file}:${i + 1}: literal /api/ path; call an endpoint instead`);
    if (/(^|[^.\w])fetch\(/.test(line)) problems.push(`${file}:${i + 1}: fetch(; use the API client`);
    if (OWN_PATH_CALL.test(line))
      problems.push(`${file}:${i + 1}: calls the API with a path of its own; use api.call(endpoints.…)`);
  });
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  "endpoints: every route from a definition; no web page, feature, component or library writes an API path",
);
