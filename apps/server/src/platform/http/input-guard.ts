// Input no route should ever see, refused with 400 before any route code runs:
// - JSON nested deeper than MAX_JSON_DEPTH, counted on the text before it is parsed (the signature
//   check, zod and the handlers all walk bodies recursively);
// - a NUL character (PostgreSQL cannot store one in text) or an unpaired UTF-16 surrogate (no
//   valid UTF-8 exists for it: percent-encoding for the signature and the database both fail) in
//   any string or key of the body, the query or the path parameters.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DomainError } from "./errors";

/** No request of the API nests deeper than a handful of levels; 32 leaves room for any real one. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text opens more than `max` objects or arrays inside each other (strings skipped). */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string PostgreSQL can store and UTF-8 can encode: no NUL and no unpaired surrogate. */
export const storableText = (s: string): boolean => !s.includes("\u0000") && !LONE_SURROGATE.test(s);

function allStorable(value: unknown, depth: number): boolean {
  if (typeof value === "string") return storableText(value);
  // Uploads arrive as bytes; they are checked for what they are by the file service.
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return true;
  // Deeper than any parsed JSON body can be: a structure built some other way is refused too.
  if (depth > MAX_JSON_DEPTH + 1) return false;
  if (Array.isArray(value)) return value.every((item) => allStorable(item, depth + 1));
  for (const [key, inner] of Object.entries(value)) {
    if (!storableText(key) || !allStorable(inner, depth + 1)) return false;
  }
  return true;
}

export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = String(body);
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new DomainError("INPUT_TOO_DEEP"), undefined);
      return;
    }
    parseJson(req, text, done);
  });
  // Global hooks run before every route's own preValidation (authentication, signature).
  app.addHook("preValidation", async (req: FastifyRequest) => {
    if (!allStorable(req.params, 0) || !allStorable(req.query, 0) || !allStorable(req.body, 0)) {
      throw new DomainError("INPUT_CHARACTERS");
    }
  });
}
