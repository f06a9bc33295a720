// Rewrites the web's hand-written API calls — `api.get<T>("/res/keypairs/" + id)`, `api.post<T>(path,
// body, options)`, `usePagedQuery<T>(key, "/ops/…")` — into calls of the endpoint definitions:
// `api.call(endpoints.keypairs.get, { params: { id } })`, typed by the definition. A call whose path
// matches no endpoint, or is built where this script cannot see it, is reported and left alone.
//
//   npx tsx scripts/codemods/web-calls-to-endpoints.ts [files…]
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Endpoint, endpoints } from "@skyledger/contracts";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WEB_SRC = path.join(ROOT, "apps/web/src");
const METHOD_OF: Record<string, Endpoint["method"]> = {
  get: "GET",
  download: "GET",
  post: "POST",
  upload: "POST",
  put: "PUT",
  del: "DELETE",
};
const NEW_NAME: Record<string, string> = { download: "callDownload", upload: "callUpload" };

const known = Object.entries(endpoints).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, e]) => ({
    ref: `endpoints.${domain}.${name}`,
    method: e.method,
    segments: e.path.replace(/^\/api/, "").split("/"),
    hasBody: "body" in e,
  })),
);

type Piece = { text: string } | { param: string };

/** The call's path as literal text and parameter expressions, or undefined when it is not visible. */
function piecesOf(expr: ts.Expression, sf: ts.SourceFile): Piece[] | undefined {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [{ text: expr.text }];
  if (ts.isTemplateExpression(expr)) {
    const out: Piece[] = [{ text: expr.head.text }];
    for (const span of expr.templateSpans) {
      let inner = span.expression;
      if (ts.isCallExpression(inner) && inner.expression.getText(sf) === "encodeURIComponent")
        inner = inner.arguments[0]!;
      const constant = ts.isIdentifier(inner) ? constString(inner, sf) : undefined;
      out.push(constant !== undefined ? { text: constant } : { param: inner.getText(sf) });
      out.push({ text: span.literal.text });
    }
    return out;
  }
  if (ts.isIdentifier(expr)) {
    const value = constString(expr, sf);
    return value === undefined ? undefined : [{ text: value }];
  }
  return undefined;
}

/** A module-level `const NAME = "…"` of the same file. */
function constString(id: ts.Identifier, sf: ts.SourceFile): string | undefined {
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === id.text && d.initializer) {
        const pieces = piecesOf(d.initializer, sf);
        if (pieces?.every((p) => "text" in p))
          return pieces.map((p) => (p as { text: string }).text).join("");
      }
    }
  }
  return undefined;
}

/** Splits pieces into path segments, each a literal or one parameter expression. */
function segmentsOf(pieces: Piece[]): ({ text: string } | { param: string })[] | undefined {
  const out: ({ text: string } | { param: string })[] = [];
  let current: { text: string } | { param: string } | null = { text: "" };
  for (const piece of pieces) {
    if ("param" in piece) {
      if (!current || !("text" in current) || current.text !== "") return undefined;
      current = { param: piece.param };
      continue;
    }
    const parts = piece.text.split("/");
    parts.forEach((part, i) => {
      if (i > 0) {
        if (current) out.push(current);
        current = { text: "" };
      }
      if (part) {
        if (current && "param" in current) current = null;
        else if (current) current = { text: current.text + part };
      }
    });
  }
  if (!current) return undefined;
  out.push(current);
  return out;
}

function match(method: string, segments: ({ text: string } | { param: string })[]) {
  const found = known.filter(
    (e) =>
      e.method === method &&
      e.segments.length === segments.length &&
      e.segments.every((s, i) => {
        const seg = segments[i]!;
        return s.startsWith(":") ? "param" in seg : "text" in seg && seg.text === s;
      }),
  );
  if (found.length !== 1) return undefined;
  const e = found[0]!;
  const params = e.segments.flatMap((s, i) => {
    const seg = segments[i]!;
    return s.startsWith(":") && "param" in seg ? [`${s.slice(1)}: ${seg.param}`] : [];
  });
  return { ...e, params };
}

/** The text of an options object's properties, to merge into the call's argument. */
function spreadOf(expr: ts.Expression | undefined, sf: ts.SourceFile): string[] {
  if (!expr) return [];
  if (ts.isObjectLiteralExpression(expr)) return expr.properties.map((p) => p.getText(sf));
  return [`...${expr.getText(sf)}`];
}

function convertFile(file: string, report: string[]): boolean {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const reps: { start: number; end: number; text: string }[] = [];
  const visit = (n: ts.Node) => {
    ts.forEachChild(n, visit);
    if (!ts.isCallExpression(n)) return;
    const callee = n.expression;
    const where = () =>
      `${path.relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    if (ts.isPropertyAccessExpression(callee) && callee.expression.getText(sf) === "api") {
      const kind = callee.name.text;
      const method = METHOD_OF[kind];
      if (!method) return;
      const pieces = n.arguments[0] && piecesOf(n.arguments[0], sf);
      const segments = pieces && segmentsOf(pieces);
      const e = segments && match(method, segments);
      if (!e) {
        report.push(`${where()}: ${n.getText(sf).slice(0, 90)}`);
        return;
      }
      const props: string[] = [];
      if (e.params.length) props.push(`params: { ${e.params.join(", ")} }`);
      let fileArg = "";
      if (kind === "post" || kind === "put") {
        const body = n.arguments[1];
        if (body && body.getText(sf) !== "undefined") props.push(`body: ${body.getText(sf)}`);
        else if (e.hasBody) props.push("body: {}");
        props.push(...spreadOf(n.arguments[2], sf));
      } else if (kind === "upload") {
        fileArg = `, ${n.arguments[1]!.getText(sf)}`;
        if (n.arguments[2]) props.push(`query: ${n.arguments[2].getText(sf)}`);
        props.push(...spreadOf(n.arguments[3], sf));
      } else props.push(...spreadOf(n.arguments[1], sf));
      const args = props.length ? `, { ${props.join(", ")} }` : "";
      reps.push({
        start: n.getStart(),
        end: n.end,
        text: `api.${NEW_NAME[kind] ?? "call"}(${e.ref}${fileArg}${args})`,
      });
    } else if (ts.isIdentifier(callee) && callee.text === "usePagedQuery" && n.arguments[1]) {
      const pieces = piecesOf(n.arguments[1], sf);
      const segments = pieces && segmentsOf(pieces);
      const e = segments && match("GET", segments);
      if (!e || e.params.length) {
        report.push(`${where()}: ${n.getText(sf).slice(0, 90)}`);
        return;
      }
      const rest = n.arguments.map((a, i) => (i === 1 ? e.ref : a.getText(sf)));
      reps.push({ start: n.getStart(), end: n.end, text: `usePagedQuery(${rest.join(", ")})` });
    }
  };
  visit(sf);
  if (!reps.length) return false;
  let out = [...reps]
    .sort((a, b) => b.start - a.start)
    .reduce((t, r) => t.slice(0, r.start) + r.text + t.slice(r.end), text);
  if (!/\bendpoints\b/.test(text)) out = `import { endpoints } from "@skyledger/contracts";\n${out}`;
  writeFileSync(file, out);
  return true;
}

function main() {
  const files =
    process.argv.length > 2
      ? process.argv.slice(2).map((f) => path.resolve(f))
      : execFileSync("git", ["ls-files", "apps/web/src/pages", "apps/web/src/features", "apps/web/src/app"], {
          cwd: ROOT,
          encoding: "utf8",
        })
          .split("\n")
          .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
          .map((f) => path.join(ROOT, f));
  const report: string[] = [];
  const touched = files.filter((f) => f.startsWith(WEB_SRC) && convertFile(f, report));
  if (touched.length)
    execFileSync("npx", ["biome", "check", "--write", ...touched], { cwd: ROOT, stdio: "inherit" });
  console.log(`rewrote calls in ${touched.length} files`);
  for (const r of report) console.log(`left as it is: ${r}`);
}

main();
