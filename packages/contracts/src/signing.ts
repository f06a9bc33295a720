// The request-signing canonical form (docs/api/signing.md). Pure string work shared by the server
// and the web client; each side computes HMAC-SHA256 with its own crypto.

export const SIGNING_HEADERS = {
  signature: "x-sign",
  timestamp: "x-timestamp",
  nonce: "x-nonce",
  requestId: "x-request-id",
  accessKey: "x-access-key",
  csrf: "x-xsrf-token",
  source: "x-source",
  moduleType: "x-module-type",
  /**
   * On every API answer: the server's clock (epoch milliseconds). A client whose own clock is off
   * signs with the server's time learnt from it, so that its requests stay within the window.
   */
  serverTime: "x-server-time",
} as const;

/** Requests signed more than this far from the server's clock are refused. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

type Scalar = string | number | boolean | null | undefined;
export type Params = { [key: string]: Scalar | Params | readonly (Scalar | Params)[] };

// RFC 3986 unreserved characters stay as they are; everything else is percent-encoded (UTF-8).
function encode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalarText(value: Scalar): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/** Flattens nested objects to `a.b` and arrays to `a[0]` (spec §7: array parameters are sent indexed). */
export function flattenParams(
  params: unknown,
  prefix = "",
  out: [string, string][] = [],
): [string, string][] {
  if (Array.isArray(params)) {
    params.forEach((item, i) => {
      flattenParams(item, `${prefix}[${i}]`, out);
    });
  } else if (params !== null && typeof params === "object") {
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      flattenParams(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out.push([prefix, scalarText(params as Scalar)]);
  }
  return out;
}

export function canonicalParams(query: unknown, body: unknown): string {
  const pairs = [...flattenParams(query), ...flattenParams(body)].map(
    ([k, val]) => `${encode(k)}=${encode(val)}`,
  );
  // Sort by the encoded pair's UTF-16 code units so every language orders the same way.
  pairs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.join("&");
}

export type SigningInput = {
  method: string;
  path: string;
  query?: unknown;
  body?: unknown;
  timestamp: string;
  nonce: string;
  requestId: string;
};

// A file upload's body is bytes, not parameters: its SHA-256 travels in the signed query instead
// (docs/api/signing.md, "Uploads").
const isBinary = (body: unknown) => body instanceof Uint8Array || body instanceof ArrayBuffer;

export function canonicalString(input: SigningInput): string {
  return [
    input.method.toUpperCase(),
    input.path,
    canonicalParams(input.query ?? {}, isBinary(input.body) ? {} : (input.body ?? {})),
    input.timestamp,
    input.nonce,
    input.requestId,
  ].join("\n");
}
