// The OpenAPI document (/docs/json) as the list of every operation, for the generated tests: who
// may call each one (from its description), its path, query and body schemas, and a valid-looking
// sample value for any schema (strings that match their pattern, numbers inside their bounds).
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { NO_STATE_CHANGE_NOTE, type NoStateChange } from "../../src/platform/http/route";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
};

export type Access =
  | { kind: "public" }
  | { kind: "signedIn" }
  /** Any signed-in user of a tenant (their own organisation's data); platform accounts get 403. */
  | { kind: "tenant" }
  | { kind: "codes"; codes: string[]; tenantOnly: boolean };

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The documented path, with `{name}` placeholders. */
  path: string;
  access: Access;
  /** Set on a non-GET operation that changes no business state (route.ts `noStateChange`). */
  marker?: NoStateChange;
  params: Parameter[];
  query: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** The content type of a body that is not JSON (file uploads). */
  rawBody?: string;
};

// Sample values for path parameters: well-formed, naming nothing that exists. A parameter without
// one fails the tests that use them, so a new one is noticed.
export const SAMPLE_PARAMS: Record<string, string> = {
  category: "INDUSTRY_TYPE",
  kind: "agreement",
  code: "SKY-WELCOME-01",
  type: "0",
  userSid: "00000000-0000-4000-8000-00000000beef",
  userId: "00000000-0000-4000-8000-00000000babe",
  rechargeNo: "R20261122000000000000",
  id: "00000000-0000-4000-8000-00000000cafe",
  billNo: "B202611220000001",
  orgId: "00000000-0000-4000-8000-000000000001",
  projectId: "00000000-0000-4000-8000-00000000f00d",
  rowId: "00000000-0000-4000-8000-00000000d00d",
  jobId: "424242",
  ruleId: "00000000-0000-4000-8000-00000000a11e",
  hostId: "00000000-0000-4000-8000-00000000b057",
  subnetId: "00000000-0000-4000-8000-00000000a11e",
  routeId: "00000000-0000-4000-8000-00000000a12e",
  accessKeyId: "SIMSAMPLEACCESSKEY00",
  // A share link's token: a resource id, an expiry and a MAC (this one checks nothing).
  token: "00000000-0000-4000-8000-00000000cafe.1795900000.0123456789abcdef0123456789abcdef",
};

export const NO_STATE_CHANGE_KINDS: readonly NoStateChange[] = ["inquiry", "export", "session", "ownAccount"];

/** The access sentence and the no-state-change marker that route.ts writes into the description. */
export function markerOf(description: string | undefined): {
  rest: string | undefined;
  marker?: NoStateChange;
} {
  for (const kind of NO_STATE_CHANGE_KINDS) {
    const suffix = ` ${NO_STATE_CHANGE_NOTE} ${kind}.`;
    if (description?.endsWith(suffix)) return { rest: description.slice(0, -suffix.length), marker: kind };
  }
  return { rest: description };
}

/** Who may call an operation, from its description without the no-state-change marker. */
export function accessOf(description: string | undefined): Access | undefined {
  if (description === "Public: no sign-in needed.") return { kind: "public" };
  if (description === "Any signed-in user.") return { kind: "signedIn" };
  if (description === "Any signed-in user. Tenant users only.") return { kind: "tenant" };
  const match = /^Permission codes \(any of\): ([A-Z0-9]+(?:, [A-Z0-9]+)*)( Tenant users only\.)?$/.exec(
    description ?? "",
  );
  return match?.[1] ? { kind: "codes", codes: match[1].split(", "), tenantOnly: !!match[2] } : undefined;
}

type DocOperation = {
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** Every operation of the application's OpenAPI document. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
    paths: Record<string, Record<string, DocOperation>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const { rest, marker } = markerOf(op.description);
      const access = accessOf(rest);
      if (!access)
        throw new Error(`${method.toUpperCase()} ${path}: unrecognised description "${op.description}"`);
      const parameters = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      const content = op.requestBody?.content ?? {};
      const rawType = Object.keys(content).find((type) => type !== "application/json");
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        access,
        ...(marker ? { marker } : {}),
        params: parameters("path"),
        query: parameters("query"),
        ...(content["application/json"] ? { body: content["application/json"].schema } : {}),
        ...(rawType ? { rawBody: rawType } : {}),
      });
    }
  }
  return operations;
}

/** A sample for a path parameter: one of SAMPLE_PARAMS, or what its schema's pattern asks for. */
export function sampleParam(param: Parameter): string {
  if (param.schema.pattern || param.schema.format) return String(sampleOf(param.schema));
  const value = SAMPLE_PARAMS[param.name];
  if (value === undefined) throw new Error(`no sample value for the path parameter "${param.name}"`);
  return value;
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;

function sampleString(schema: JsonSchema): string {
  if (schema.format === "uuid") return "00000000-0000-4000-8000-0000000abcde";
  if (schema.format === "date-time") return "2026-11-22T02:00:00.000Z";
  if (schema.format === "date") return "2026-11-22";
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  if (schema.pattern) {
    const fits = fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= max);
    const [found] = fc.sample(fits, { numRuns: 1, seed: 42 });
    if (found !== undefined) return found;
  }
  if (schema.format === "email") return "qa@example.com";
  return "sample".padEnd(Math.max(3, min), "x").slice(0, Math.min(Math.max(3, min, 6), max));
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside minimum/maximum, 3.1 as a number.
  const exclusiveLow = schema.exclusiveMinimum as number | boolean | undefined;
  const exclusiveHigh = schema.exclusiveMaximum as number | boolean | undefined;
  const low =
    typeof exclusiveLow === "number"
      ? exclusiveLow + 1
      : (schema.minimum ?? Number.NEGATIVE_INFINITY) + (exclusiveLow === true ? 1 : 0);
  const high =
    typeof exclusiveHigh === "number"
      ? exclusiveHigh - 1
      : (schema.maximum ?? Number.POSITIVE_INFINITY) - (exclusiveHigh === true ? 1 : 0);
  // 1 is the most ordinary quantity, page number or count; else the nearest bound.
  const value = Math.min(Math.max(1, low), high);
  return integer ? Math.ceil(value) : value;
}

/** A value that the schema accepts, as far as a JSON schema can say (zod refinements aside). */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== "") ?? schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const choice = choices.find((c) => typeOf(c) !== "null" && !c.enum?.includes("")) ?? choices[0]!;
    return sampleOf(choice);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part) as object));
  }
  switch (typeOf(schema)) {
    case "string":
      return sampleString(schema);
    case "integer":
      return sampleNumber(schema, true);
    case "number":
      return sampleNumber(schema, false);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleOf(schema.items ?? {}));
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sampleOf(inner)]),
      );
    default:
      return schema.properties ? sampleOf({ ...schema, type: "object" }) : "sample";
  }
}
