#!/usr/bin/env node
// Calls the Skyledger API with an access key (docs/api/access-keys.md). Plain Node 20, no packages.
//
//   SKYLEDGER_URL=http://localhost:8080 \
//   SKYLEDGER_ACCESS_KEY_ID=SKAK... SKYLEDGER_ACCESS_KEY_SECRET=... \
//   node docs/api/examples/access-key-client.mjs                      # who am I + account balance
//   node docs/api/examples/access-key-client.mjs GET '/api/bills?pageSize=5'
//   node docs/api/examples/access-key-client.mjs POST /api/users/agree_policy '{}'
//
// Prints a JSON array of { request, status, body } and exits 1 when a call did not answer 200.
import { createHmac, randomUUID } from "node:crypto";

const base = (process.env.SKYLEDGER_URL ?? "http://localhost:8080").replace(/\/$/, "");
const keyId = process.env.SKYLEDGER_ACCESS_KEY_ID;
const secret = process.env.SKYLEDGER_ACCESS_KEY_SECRET;
if (!keyId || !secret) {
  console.error("Set SKYLEDGER_ACCESS_KEY_ID and SKYLEDGER_ACCESS_KEY_SECRET (and SKYLEDGER_URL).");
  process.exit(2);
}

// RFC 3986 percent-encoding: unreserved characters stay, everything else is encoded as UTF-8.
const encode = (s) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

// Nested objects become `parent.child`, array items `name[0]`; null is the empty string.
function flatten(value, prefix = "", out = []) {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) flatten(item, `${prefix}[${i}]`, out);
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (child !== undefined) flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) out.push(`${encode(prefix)}=${encode(value === null ? "" : String(value))}`);
  return out;
}

async function call(method, pathAndQuery, body) {
  const [path, queryString = ""] = pathAndQuery.split("?");
  const query = Object.fromEntries(new URLSearchParams(queryString));
  const params = [...flatten(query), ...flatten(body ?? {})].sort().join("&");
  const timestamp = String(Date.now());
  const nonce = randomUUID();
  const requestId = randomUUID();
  const canonical = [method, path, params, timestamp, nonce, requestId].join("\n");
  const signature = createHmac("sha256", secret).update(canonical, "utf8").digest("hex");
  const res = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: {
      "x-access-key": keyId,
      "x-timestamp": timestamp,
      "x-nonce": nonce,
      "x-request-id": requestId,
      "x-sign": signature,
      "accept-language": process.env.SKYLEDGER_LANGUAGE ?? "en-US",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { request: `${method} ${pathAndQuery}`, status: res.status, body: await res.json() };
}

const [method, path, json] = process.argv.slice(2);
const calls = method
  ? [[method.toUpperCase(), path ?? "/api/users/token", json === undefined ? undefined : JSON.parse(json)]]
  : [
      ["GET", "/api/users/token"],
      ["GET", "/api/billing_account"],
    ];

const results = [];
for (const [m, p, b] of calls) results.push(await call(m, p, b));
console.log(JSON.stringify(results, null, 2));
process.exit(results.every((r) => r.status === 200) ? 0 : 1);
