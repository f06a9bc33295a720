import { ERRORS, errorText, type Locale, VALIDATION_MESSAGES } from "@skyledger/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError, RateLimitedError } from "./errors";
import { localeOf } from "./route";

function validationText(message: string, locale: Locale): string {
  const known = VALIDATION_MESSAGES[message];
  if (known) return locale === "zh-CN" ? known.zh : known.en;
  // zod's own messages (a missing or mistyped field) are not user copy: say which rule applies.
  if (/received undefined/.test(message)) {
    const required = VALIDATION_MESSAGES["validation.required"]!;
    return locale === "zh-CN" ? required.zh : required.en;
  }
  return errorText("PARAM_INVALID", locale);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const locale = localeOf(req);
  if (error instanceof DomainError) {
    const def = ERRORS[error.key];
    // Every 429 says when to try again (the rate limits count whole minutes).
    if (def.http === 429)
      reply.header("retry-after", String(error instanceof RateLimitedError ? error.retryAfterSeconds : 60));
    return reply
      .status(def.http)
      .send({ code: def.code, message: errorText(error.key, locale, error.params), data: error.data });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
      message: validationText(v.message ?? "", locale),
    }));
    return reply.status(400).send({
      code: 400,
      message: fields[0]?.message ?? errorText("PARAM_INVALID", locale),
      data: { fields },
    });
  }
  const fe = error as FastifyError;
  // Malformed JSON, wrong content type, oversized bodies: the client sent something unusable.
  if (typeof fe.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 429) return sendError(req, reply, new DomainError("RATE_LIMITED"));
    return reply.status(400).send({ code: 400, message: errorText("PARAM_INVALID", locale), data: null });
  }
  req.log.error({ err: error }, "unhandled error");
  return reply.status(500).send({ code: 500, message: errorText("SERVER_ERROR", locale), data: null });
}
