// Moves every route still declared inline on the server — `userRoute(app, guards, { method, url,
// …, handler })` or `publicRoute(…)` — into an endpoint definition in packages/contracts/src/
// endpoints/<domain>.ts, and registers the route from it: `userRoute(app, guards,
// endpoints.<domain>.<name>, handler)`. Routes already registered from a definition are left alone,
// so it can be run again after other branches add inline routes:
//
//   npx tsx scripts/codemods/endpoints-from-routes.ts [--dry]
//
// A route whose path or summary is not a constant (declared in a loop over actions) is reported and
// left as it is: write its definitions by hand and loop over them instead.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ENDPOINT_NAMES } from "./endpoint-names";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_SRC = path.join(ROOT, "apps/server/src");
const ENDPOINTS_DIR = path.join(ROOT, "packages/contracts/src/endpoints");
const CONTRACTS_SRC = path.join(ROOT, "packages/contracts/src");
const DRY = process.argv.includes("--dry");
const ROUTE_FUNCTIONS = new Set(["userRoute", "publicRoute"]);
const SCHEMA_PROPS = new Set(["body", "querystring", "params", "response"]);
const GLOBALS = new Set([
  "undefined",
  "Number",
  "String",
  "Math",
  "Date",
  "Object",
  "Array",
  "JSON",
  "RegExp",
]);

/** Definition file of a server file: its module, except where one module holds several areas. */
const DOMAIN_BY_FILE: Record<string, string> = {
  "modules/finance/finance-ops.routes.ts": "finance-ops",
  "modules/iam/users.routes.ts": "users",
  "modules/iam/groups.routes.ts": "groups",
  "modules/iam/permission-sets.routes.ts": "permission-sets",
  "modules/iam/projects.routes.ts": "projects",
  "modules/iam/security-settings.routes.ts": "security-settings",
  "modules/iam/platform-users.ts": "platform-users",
  "platform/blobs/files.routes.ts": "files",
};

/** First words of a last path segment that name an action rather than a collection. */
const ACTION_WORDS = new Set(
  "activate apply approve buy cancel change check close confirm decide disable enable export import inquiry login logout notify pay publish quote refresh register reject renew reset resubmit send sign submit unlock unsubscribe upload verify withdraw".split(
    " ",
  ),
);

const camel = (words: string[]) =>
  words
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
const wordsOf = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);

function domainOf(file: string): string {
  const rel = path.relative(SERVER_SRC, file);
  // Subscriptions (renewals, changes, unsubscribing) split off orders; their API stayed "orders".
  if (rel.startsWith("modules/subscriptions/")) return "orders";
  return DOMAIN_BY_FILE[rel] ?? rel.split("/")[1]!.replace(/\.ts$/, "");
}
const domainKey = (domain: string) => camel(domain.split("-"));

/** `POST /api/res/subuser/:id/enable` → `enableSubuser`; `GET /api/ops/quotas` → `getOpsQuotas`. */
function derivedName(method: string, url: string, domain: string): string {
  const segments = url.split("/").filter((s) => s && s !== "api");
  const last = segments.at(-1) ?? "";
  const lastIsParam = last.startsWith(":");
  const afterParam = !lastIsParam && (segments.at(-2) ?? "").startsWith(":");
  const nouns = segments.filter((s) => !s.startsWith(":") && s !== "res").flatMap(wordsOf);
  const domainWords = domain.split("-");
  while (nouns.length > 1 && domainWords.includes(nouns[0]!.toLowerCase())) nouns.shift();
  let verb = { GET: "get", POST: "create", PUT: "update", DELETE: "delete" }[method] ?? method.toLowerCase();
  const lastWords = wordsOf(last);
  if (method === "POST" && !lastIsParam && (afterParam || ACTION_WORDS.has(lastWords[0]!.toLowerCase()))) {
    // An action (`…/:id/enable`, `/auth/login`, `/sms/send_code`): the last segment says what it does.
    nouns.splice(nouns.length - lastWords.length, lastWords.length);
    verb = lastWords[0]!;
    nouns.push(...lastWords.slice(1));
  }
  const by = lastIsParam ? ["by", ...wordsOf(last)] : [];
  return camel([...wordsOf(verb), ...nouns, ...by]) || camel([verb]);
}

type Replacement = { start: number; end: number; text: string };
const applyReplacements = (text: string, reps: Replacement[]) =>
  [...reps]
    .sort((a, b) => b.start - a.start)
    .reduce((t, r) => t.slice(0, r.start) + r.text + t.slice(r.end), text);

class Unresolvable extends Error {}

/** One domain file of packages/contracts/src/endpoints, with what this run adds to it. */
class DomainFile {
  readonly file: string;
  readonly names = new Set<string>();
  /** Endpoints the file already defines, by "METHOD /path": a route merged in later reuses them. */
  readonly existing = new Map<string, string>();
  readonly topLevel = new Map<string, string>(); // hoisted schema name → its text
  readonly imports = new Map<string, Set<string>>(); // module → names
  readonly newConsts: string[] = [];
  readonly newEntries: string[] = [];
  private readonly source?: ts.SourceFile;

  constructor(readonly domain: string) {
    this.file = path.join(ENDPOINTS_DIR, `${domain}.ts`);
    if (!existsSync(this.file)) return;
    this.source = ts.createSourceFile(
      this.file,
      readFileSync(this.file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
    );
    for (const st of this.source.statements) {
      if (ts.isImportDeclaration(st)) {
        const bindings = st.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements)
            this.importName((st.moduleSpecifier as ts.StringLiteral).text, el.name.text);
        }
      } else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !d.initializer) continue;
          if (ts.isObjectLiteralExpression(d.initializer) && d.name.text === this.exportName) {
            for (const p of d.initializer.properties) {
              if (!p.name) continue;
              this.names.add(p.name.getText());
              const text = p.getText();
              const method = /\bmethod:\s*"(\w+)"/.exec(text)?.[1];
              const route = /\bpath:\s*"([^"]+)"/.exec(text)?.[1];
              if (method && route) this.existing.set(`${method} ${route}`, p.name.getText());
            }
          } else this.topLevel.set(d.name.text, d.initializer.getText());
        }
      }
    }
  }

  get exportName() {
    return `${domainKey(this.domain)}Endpoints`;
  }

  importName(module: string, name: string) {
    if (!this.imports.has(module)) this.imports.set(module, new Set());
    this.imports.get(module)!.add(name);
  }

  /** The name under which a schema of a server file lives here (the same text is kept once). */
  hoist(name: string, text: string): string {
    for (const [existing, existingText] of this.topLevel) if (existingText === text) return existing;
    let unique = name;
    for (let n = 2; this.topLevel.has(unique) || this.importedNames().has(unique); n++)
      unique = `${name}${n}`;
    this.topLevel.set(unique, text);
    this.newConsts.push(`const ${unique} = ${text};`);
    return unique;
  }

  importedNames() {
    return new Set([...this.imports.values()].flatMap((s) => [...s]));
  }

  uniqueName(name: string) {
    let unique = name;
    for (let n = 2; this.names.has(unique); n++) unique = `${name}${n}`;
    this.names.add(unique);
    return unique;
  }

  write() {
    if (this.newEntries.length === 0) return false;
    this.importName("./define", "defineEndpoint");
    const importText = [...this.imports]
      .map(([module, names]) => `import { ${[...names].sort().join(", ")} } from "${module}";`)
      .join("\n");
    const entries = this.newEntries.join("\n");
    let text: string;
    if (!this.source) {
      text = `// Endpoints of ${this.domain} (what each property means: define.ts).\n${importText}\n\n${this.newConsts.join("\n")}\n\nexport const ${this.exportName} = {\n${entries}\n};\n`;
    } else {
      const src = this.source;
      const original = src.getFullText();
      const importsOf = src.statements.filter(ts.isImportDeclaration);
      const reps: Replacement[] = [];
      const firstImport = importsOf[0];
      const lastImport = importsOf.at(-1);
      if (firstImport && lastImport)
        reps.push({ start: firstImport.getStart(), end: lastImport.end, text: importText });
      const object = src.statements
        .filter(ts.isVariableStatement)
        .flatMap((s) => [...s.declarationList.declarations])
        .find((d) => ts.isIdentifier(d.name) && d.name.text === this.exportName)?.initializer;
      if (!object || !ts.isObjectLiteralExpression(object))
        throw new Error(`${this.file}: no ${this.exportName}`);
      const objectStatement = object.parent.parent.parent as ts.VariableStatement;
      if (this.newConsts.length) {
        reps.push({
          start: objectStatement.getStart(),
          end: objectStatement.getStart(),
          text: `${this.newConsts.join("\n")}\n\n`,
        });
      }
      reps.push({ start: object.end - 1, end: object.end - 1, text: `\n${entries}\n` });
      text = applyReplacements(original, reps);
    }
    if (!DRY) writeFileSync(this.file, text);
    return true;
  }
}

const program = (() => {
  const configPath = path.join(ROOT, "apps/server/tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("apps/server/tsconfig.json");
  return ts.createProgram(parsed.fileNames, parsed.options);
})();
const checker = program.getTypeChecker();

/** The declaration an identifier in a server file refers to. */
function declarationOf(id: ts.Identifier): ts.Declaration | undefined {
  return symbolOf(id)?.declarations?.[0];
}

/** The module of packages/contracts that declares an imported name, as a path from endpoints/. */
function symbolOf(id: ts.Identifier) {
  return ts.isShorthandPropertyAssignment(id.parent)
    ? checker.getShorthandAssignmentValueSymbol(id.parent)
    : checker.getSymbolAtLocation(id);
}

function contractsModuleOf(id: ts.Identifier): string | undefined {
  const symbol = symbolOf(id);
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Alias)) return undefined;
  const target = checker.getAliasedSymbol(symbol);
  const file = target.declarations?.[0]?.getSourceFile().fileName;
  if (!file || !path.resolve(file).startsWith(CONTRACTS_SRC)) return undefined;
  const rel = path.relative(ENDPOINTS_DIR, file).replace(/\.ts$/, "");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

const isZod = (id: ts.Identifier) => {
  const decl = declarationOf(id);
  return (
    !!decl &&
    ts.isImportSpecifier(decl) &&
    (decl.parent.parent.parent.moduleSpecifier as ts.StringLiteral).text === "zod"
  );
};

/** Names bound inside an expression (arrow parameters), which are not references to resolve. */
function boundInside(expr: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (
      (ts.isParameter(n) || ts.isVariableDeclaration(n) || ts.isBindingElement(n)) &&
      ts.isIdentifier(n.name)
    )
      names.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(expr);
  return names;
}

function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (
    (ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) &&
    (p as ts.PropertyAccessExpression).name === id
  )
    return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p)) && p.name === id)
    return false;
  return true;
}

/** A const's initializer when the identifier names a const of the server file. */
function localConst(id: ts.Identifier): ts.VariableDeclaration | undefined {
  const decl = declarationOf(id);
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
  if (!(decl.parent.flags & ts.NodeFlags.Const)) return undefined;
  if (ts.isForOfStatement(decl.parent.parent)) return undefined;
  return decl;
}

/** A constant string (path, summary), or Unresolvable. */
function evalString(expr: ts.Expression, used = new Set<ts.VariableDeclaration>()): string {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
  if (ts.isParenthesizedExpression(expr)) return evalString(expr.expression, used);
  if (ts.isTemplateExpression(expr)) {
    return (
      expr.head.text + expr.templateSpans.map((s) => evalString(s.expression, used) + s.literal.text).join("")
    );
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return evalString(expr.left, used) + evalString(expr.right, used);
  }
  if (ts.isIdentifier(expr)) {
    const decl = localConst(expr);
    if (decl) {
      used.add(decl);
      return evalString(decl.initializer!, used);
    }
  }
  throw new Unresolvable(`not a constant: ${expr.getText()}`);
}

/** The expression's text for the contracts file: local consts inlined or hoisted, imports recorded. */
function render(
  expr: ts.Expression,
  domain: DomainFile,
  used: Set<ts.VariableDeclaration>,
  hoistSchemas: boolean,
): string {
  const bound = boundInside(expr);
  const reps: Replacement[] = [];
  const base = expr.getStart();
  const visit = (n: ts.Node) => {
    // Type positions (`as const`, `z.infer<…>`) name no value to carry over.
    if (ts.isTypeNode(n)) return;
    if (ts.isIdentifier(n) && isReference(n) && !bound.has(n.text) && !GLOBALS.has(n.text)) {
      const module = contractsModuleOf(n);
      if (module) {
        domain.importName(module, n.text);
      } else if (isZod(n)) {
        domain.importName("zod", n.text);
      } else {
        const decl = localConst(n);
        if (!decl) throw new Unresolvable(`unknown name ${n.text}`);
        used.add(decl);
        const init = decl.initializer!;
        const isSchema =
          hoistSchemas &&
          !ts.isObjectLiteralExpression(init) &&
          !ts.isArrayLiteralExpression(init) &&
          !ts.isLiteralExpression(init);
        const text = isSchema
          ? domain.hoist(n.text, render(init, domain, used, true))
          : ts.isStringLiteral(init) || ts.isNumericLiteral(init)
            ? init.getText()
            : `(${render(init, domain, used, hoistSchemas)})`;
        const parent = n.parent;
        const start = n.getStart() - base;
        if (ts.isShorthandPropertyAssignment(parent))
          reps.push({ start, end: n.end - base, text: `${n.text}: ${text}` });
        else reps.push({ start, end: n.end - base, text });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(expr);
  return applyReplacements(expr.getText(), reps);
}

/** A value written plainly when it can be (permissions, tags), else rendered. */
function plainValue(expr: ts.Expression, used: Set<ts.VariableDeclaration>): unknown {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
  if (ts.isNumericLiteral(expr)) return Number(expr.text);
  if (expr.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expr.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isAsExpression(expr) || ts.isParenthesizedExpression(expr)) return plainValue(expr.expression, used);
  if (ts.isArrayLiteralExpression(expr)) {
    return expr.elements.flatMap((e) => {
      if (ts.isSpreadElement(e)) {
        const inner = plainValue(e.expression, used);
        if (!Array.isArray(inner)) throw new Unresolvable("spread");
        return inner;
      }
      return [plainValue(e, used)];
    });
  }
  if (ts.isIdentifier(expr)) {
    const decl = localConst(expr);
    if (decl) {
      const value = plainValue(decl.initializer!, used);
      used.add(decl);
      return value;
    }
  }
  throw new Unresolvable("not plain");
}

type Converted = { replacement: Replacement; used: Set<ts.VariableDeclaration> };

const PROP_NAME: Record<string, string> = { url: "path", querystring: "query" };
const ORDER = [
  "access",
  "method",
  "path",
  "summary",
  "tags",
  "permissions",
  "tenantOnly",
  "stepUp",
  "duringPasswordChange",
  "noStateChange",
  "rateLimit",
  "noCsrf",
  "bodyLimit",
  "reuseSerialized",
  "rawReply",
  "params",
  "query",
  "body",
  "response",
];

function convert(call: ts.CallExpression, file: string, domains: Map<string, DomainFile>): Converted {
  const fn = (call.expression as ts.Identifier).text;
  const def = call.arguments[2] as ts.ObjectLiteralExpression;
  const domainName = domainOf(file);
  if (!domains.has(domainName)) domains.set(domainName, new DomainFile(domainName));
  const domain = domains.get(domainName)!;
  const used = new Set<ts.VariableDeclaration>();
  const props = new Map<string, { value: ts.Expression; comments: string }>();
  let handler: string | undefined;
  let handlerComments = "";
  const src = call.getSourceFile().getFullText();
  const commentsOf = (node: ts.Node) =>
    (ts.getLeadingCommentRanges(src, node.pos) ?? []).map((r) => `${src.slice(r.pos, r.end)}\n`).join("");

  const take = (obj: ts.ObjectLiteralExpression) => {
    for (const p of obj.properties) {
      if (ts.isSpreadAssignment(p)) {
        const target = ts.isIdentifier(p.expression) ? localConst(p.expression) : undefined;
        if (!target || !ts.isObjectLiteralExpression(target.initializer!))
          throw new Unresolvable(`spread ${p.getText()}`);
        used.add(target);
        take(target.initializer as ts.ObjectLiteralExpression);
      } else if (p.name && p.name.getText() === "handler") {
        handlerComments = commentsOf(p);
        if (ts.isPropertyAssignment(p)) handler = p.initializer.getText();
        else if (ts.isMethodDeclaration(p) && p.body) {
          const isAsync = p.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
          handler = `${isAsync ? "async " : ""}(${p.parameters.map((x) => x.getText()).join(", ")}) => ${p.body.getText()}`;
        } else throw new Unresolvable(`handler ${p.getText().slice(0, 40)}`);
      } else if (ts.isPropertyAssignment(p)) {
        props.set(p.name.getText(), { value: p.initializer, comments: commentsOf(p) });
      } else if (ts.isShorthandPropertyAssignment(p)) {
        props.set(p.name.text, { value: p.name, comments: commentsOf(p) });
      } else throw new Unresolvable(`property ${p.getText().slice(0, 40)}`);
    }
  };
  take(def);
  if (!handler) throw new Unresolvable("no handler");

  const lines: [string, string][] = [["access", fn === "userRoute" ? '"user"' : '"public"']];
  for (const [name, { value, comments }] of props) {
    let text: string;
    if (name === "url" || name === "summary") text = JSON.stringify(evalString(value, used));
    else if (SCHEMA_PROPS.has(name)) text = render(value, domain, used, true);
    else {
      try {
        text = JSON.stringify(plainValue(value, used));
      } catch (e) {
        if (!(e instanceof Unresolvable)) throw e;
        text = render(value, domain, used, false);
      }
    }
    lines.push([PROP_NAME[name] ?? name, `${comments}${PROP_NAME[name] ?? name}: ${text}`]);
  }
  lines.sort((a, b) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]));
  const method = evalString(props.get("method")!.value);
  const url = evalString(props.get("url")!.value);
  const known = domain.existing.get(`${method} ${url}`);
  const name =
    known ?? domain.uniqueName(ENDPOINT_NAMES[`${method} ${url}`] ?? derivedName(method, url, domainName));
  if (DRY) console.log(`${method} ${url} → ${domainKey(domainName)}.${name}${known ? " (defined)" : ""}`);
  // A route whose definition is already there (a branch merged after the conversion) reuses it.
  if (!known)
    domain.newEntries.push(
      `  ${name}: defineEndpoint({\n${lines.map(([k, l]) => (k === "access" ? `access: ${l}` : l)).join(",\n")},\n}),`,
    );
  return {
    replacement: {
      start: def.getStart(),
      end: def.end,
      text: `endpoints.${domainKey(domainName)}.${name}, ${handlerComments}${handler}`,
    },
    used,
  };
}

/** Removes named imports and the resolved local consts nothing refers to any more. */
function tidy(file: string, text: string, candidates: Set<string>): string {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const counts = new Map<string, number>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n) && isReference(n)) counts.set(n.text, (counts.get(n.text) ?? 0) + 1);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const reps: Replacement[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st)) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || st.importClause?.name) continue;
    const kept = bindings.elements.filter((el) => (counts.get(el.name.text) ?? 0) > 1);
    if (kept.length === bindings.elements.length) continue;
    reps.push(
      kept.length === 0
        ? { start: st.getFullStart(), end: st.end, text: "" }
        : {
            start: bindings.getStart(),
            end: bindings.end,
            text: `{ ${kept.map((k) => k.getText()).join(", ")} }`,
          },
    );
  }
  const statements = (node: ts.Node) => {
    if (ts.isVariableStatement(node) && node.declarationList.declarations.length === 1) {
      const d = node.declarationList.declarations[0]!;
      const exported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (
        !exported &&
        ts.isIdentifier(d.name) &&
        candidates.has(d.name.text) &&
        counts.get(d.name.text) === 1
      ) {
        reps.push({ start: node.getFullStart(), end: node.end, text: "" });
      }
    }
    ts.forEachChild(node, statements);
  };
  statements(sf);
  const tidied = applyReplacements(text, reps);
  // A removed const may have been the only user of an import or of another const.
  return reps.length ? tidy(file, tidied, candidates) : tidied;
}

function addEndpointsImport(text: string, file: string): string {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports = sf.statements.filter(ts.isImportDeclaration);
  const contracts = imports.find(
    (i) =>
      (i.moduleSpecifier as ts.StringLiteral).text === "@skyledger/contracts" && !i.importClause?.isTypeOnly,
  );
  const bindings = contracts?.importClause?.namedBindings;
  if (bindings && ts.isNamedImports(bindings)) {
    if (bindings.elements.some((e) => e.name.text === "endpoints")) return text;
    return applyReplacements(text, [
      {
        start: bindings.elements.end,
        end: bindings.elements.end,
        text: `${bindings.elements.hasTrailingComma ? "" : ","} endpoints`,
      },
    ]);
  }
  const at = imports.at(-1)?.end ?? 0;
  return applyReplacements(text, [
    { start: at, end: at, text: `\nimport { endpoints } from "@skyledger/contracts";` },
  ]);
}

function writeIndex() {
  const domains = readdirSync(ENDPOINTS_DIR)
    .filter((f) => f.endsWith(".ts") && f !== "define.ts" && f !== "index.ts")
    .map((f) => f.replace(/\.ts$/, ""))
    .sort();
  const text = `// Every endpoint of the API by domain: \`endpoints.<domain>.<action>\` (written by
// scripts/codemods/endpoints-from-routes.ts from the files next to it).
${domains.map((d) => `import { ${domainKey(d)}Endpoints } from "./${d}";`).join("\n")}

export const endpoints = {
${domains.map((d) => `  ${domainKey(d)}: ${domainKey(d)}Endpoints,`).join("\n")}
};
`;
  if (!DRY) writeFileSync(path.join(ENDPOINTS_DIR, "index.ts"), text);
}

function main() {
  const domains = new Map<string, DomainFile>();
  const touched: string[] = [];
  const skipped: string[] = [];
  for (const sf of program.getSourceFiles()) {
    const file = path.resolve(sf.fileName);
    if (!file.startsWith(SERVER_SRC) || file.endsWith("platform/http/route.ts")) continue;
    const reps: Replacement[] = [];
    const used = new Set<string>();
    const visit = (n: ts.Node) => {
      if (
        ts.isCallExpression(n) &&
        ts.isIdentifier(n.expression) &&
        ROUTE_FUNCTIONS.has(n.expression.text) &&
        n.arguments[2] &&
        ts.isObjectLiteralExpression(n.arguments[2])
      ) {
        try {
          const converted = convert(n, file, domains);
          reps.push(converted.replacement);
          for (const d of converted.used) if (ts.isIdentifier(d.name)) used.add(d.name.text);
        } catch (e) {
          if (!(e instanceof Unresolvable)) throw e;
          const { line } = sf.getLineAndCharacterOfPosition(n.getStart());
          skipped.push(`${path.relative(ROOT, file)}:${line + 1}: ${e.message}`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    if (reps.length === 0) continue;
    const text = tidy(file, addEndpointsImport(applyReplacements(sf.getFullText(), reps), file), used);
    if (!DRY) writeFileSync(file, text);
    touched.push(file);
  }
  for (const domain of domains.values()) if (domain.write()) touched.push(domain.file);
  writeIndex();
  touched.push(path.join(ENDPOINTS_DIR, "index.ts"));
  if (!DRY && touched.length > 1) {
    execFileSync("npx", ["biome", "check", "--write", ...touched], { cwd: ROOT, stdio: "inherit" });
  }
  console.log(`converted routes in ${touched.length - 1} files`);
  for (const s of skipped) console.log(`left inline (convert by hand): ${s}`);
}

main();
