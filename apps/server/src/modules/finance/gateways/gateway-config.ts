// Configuration of the real payment gateways (Alipay, UnionPay), read from optional environment
// variables. A channel is configured only when every one of its variables is present and every key
// parses; otherwise it stays off and `problems` says why (never echoing key material). A configured
// channel is offered by paySwitch and taken by the top-up flow (modules/finance/gateways). It sits in
// platform/ because the application configuration (config.ts) reads it at start.
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const DEFAULT_ALIPAY_GATEWAY_URL = "https://openapi.alipay.com/gateway.do";
export const DEFAULT_UNIONPAY_FRONT_URL = "https://gateway.95516.com/gateway/api/frontTransReq.do";

export type AlipayConfig = {
  appId: string;
  /** The merchant's application private key (signs requests). */
  privateKey: KeyObject;
  /** Alipay's public key (verifies notifications). */
  alipayPublicKey: KeyObject;
  gatewayUrl: string;
};

export type UnionpayConfig = {
  merId: string;
  /** Serial number of the merchant's signing certificate, sent as `certId`. */
  certId: string;
  /** The merchant's signing private key. */
  privateKey: KeyObject;
  /** UnionPay's verification public key (or its certificate). */
  unionpayPublicKey: KeyObject;
  frontUrl: string;
};

export type PaymentsConfig = {
  alipay: AlipayConfig | undefined;
  unionpay: UnionpayConfig | undefined;
  /** Why a partly configured channel is off, e.g. "ALIPAY_PUBLIC_KEY: not an RSA public key". */
  problems: string[];
};

type Env = Readonly<Record<string, string | undefined>>;

const ALIPAY_VARS = ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"] as const;
const UNIONPAY_VARS = [
  "UNIONPAY_MER_ID",
  "UNIONPAY_CERT_ID",
  "UNIONPAY_PRIVATE_KEY",
  "UNIONPAY_PUBLIC_KEY",
] as const;

type KeyMaterial = { pem: string } | { der: Buffer };

const BASE64_BODY = /^[A-Za-z0-9+/=\s]+$/;

/**
 * A key given as PEM text (literal `\n` escapes allowed, as env files often hold one line), as the
 * bare base64 body Alipay's key tool prints, or as a path to a file holding either (or raw DER).
 */
function keyMaterial(value: string, cwd: string): KeyMaterial | undefined {
  const text = value.replace(/\\n/g, "\n").trim();
  if (text.includes("-----BEGIN")) return { pem: text };
  const file = path.resolve(cwd, text);
  if (text.length < 4096 && existsSync(file) && statSync(file).isFile()) {
    const bytes = readFileSync(file);
    const content = bytes.toString("utf8").trim();
    if (content.includes("-----BEGIN")) return { pem: content };
    if (content.length > 0 && BASE64_BODY.test(content)) return { der: Buffer.from(content, "base64") };
    return { der: bytes };
  }
  if (BASE64_BODY.test(text)) return { der: Buffer.from(text, "base64") };
  return undefined;
}

function attempt<T>(...tries: (() => T)[]): T | undefined {
  for (const t of tries) {
    try {
      return t();
    } catch {
      // try the next encoding
    }
  }
  return undefined;
}

/** Parses an RSA private key (PKCS#8 or PKCS#1, PEM or DER); undefined when it is not one. */
export function parsePrivateKey(value: string, cwd = process.cwd()): KeyObject | undefined {
  const material = keyMaterial(value, cwd);
  if (material === undefined) return undefined;
  const key =
    "pem" in material
      ? attempt(() => createPrivateKey({ key: material.pem, format: "pem" }))
      : attempt(
          () => createPrivateKey({ key: material.der, format: "der", type: "pkcs8" }),
          () => createPrivateKey({ key: material.der, format: "der", type: "pkcs1" }),
        );
  return key?.type === "private" && key.asymmetricKeyType === "rsa" ? key : undefined;
}

/**
 * Parses an RSA public key (SPKI or PKCS#1, PEM or DER, or a PEM certificate). Private key material
 * is refused: node would derive the public half, but a private key in a public-key slot is a
 * misconfiguration worth stopping.
 */
export function parsePublicKey(value: string, cwd = process.cwd()): KeyObject | undefined {
  const material = keyMaterial(value, cwd);
  if (material === undefined) return undefined;
  if ("pem" in material && material.pem.includes("PRIVATE KEY")) return undefined;
  const key =
    "pem" in material
      ? attempt(() => createPublicKey({ key: material.pem, format: "pem" }))
      : attempt(
          () => createPublicKey({ key: material.der, format: "der", type: "spki" }),
          () => createPublicKey({ key: material.der, format: "der", type: "pkcs1" }),
        );
  return key?.type === "public" && key.asymmetricKeyType === "rsa" ? key : undefined;
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function present(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function loadAlipay(env: Env, cwd: string, problems: string[]): AlipayConfig | undefined {
  if (!ALIPAY_VARS.some((v) => present(env, v))) return undefined;
  const missing = ALIPAY_VARS.filter((v) => !present(env, v));
  if (missing.length > 0) {
    problems.push(`alipay off: ${missing.join(", ")} not set`);
    return undefined;
  }
  const privateKey = parsePrivateKey(present(env, "ALIPAY_PRIVATE_KEY")!, cwd);
  const alipayPublicKey = parsePublicKey(present(env, "ALIPAY_PUBLIC_KEY")!, cwd);
  const gatewayUrl = present(env, "ALIPAY_GATEWAY_URL") ?? DEFAULT_ALIPAY_GATEWAY_URL;
  if (!privateKey) problems.push("alipay off: ALIPAY_PRIVATE_KEY is not an RSA private key");
  if (!alipayPublicKey) problems.push("alipay off: ALIPAY_PUBLIC_KEY is not an RSA public key");
  if (!httpUrl(gatewayUrl)) problems.push("alipay off: ALIPAY_GATEWAY_URL is not an http(s) URL");
  if (!privateKey || !alipayPublicKey || !httpUrl(gatewayUrl)) return undefined;
  return { appId: present(env, "ALIPAY_APP_ID")!, privateKey, alipayPublicKey, gatewayUrl };
}

function loadUnionpay(env: Env, cwd: string, problems: string[]): UnionpayConfig | undefined {
  if (!UNIONPAY_VARS.some((v) => present(env, v))) return undefined;
  const missing = UNIONPAY_VARS.filter((v) => !present(env, v));
  if (missing.length > 0) {
    problems.push(`unionpay off: ${missing.join(", ")} not set`);
    return undefined;
  }
  const privateKey = parsePrivateKey(present(env, "UNIONPAY_PRIVATE_KEY")!, cwd);
  const unionpayPublicKey = parsePublicKey(present(env, "UNIONPAY_PUBLIC_KEY")!, cwd);
  const frontUrl = present(env, "UNIONPAY_FRONT_URL") ?? DEFAULT_UNIONPAY_FRONT_URL;
  if (!privateKey) problems.push("unionpay off: UNIONPAY_PRIVATE_KEY is not an RSA private key");
  if (!unionpayPublicKey) problems.push("unionpay off: UNIONPAY_PUBLIC_KEY is not an RSA public key");
  if (!httpUrl(frontUrl)) problems.push("unionpay off: UNIONPAY_FRONT_URL is not an http(s) URL");
  if (!privateKey || !unionpayPublicKey || !httpUrl(frontUrl)) return undefined;
  return {
    merId: present(env, "UNIONPAY_MER_ID")!,
    certId: present(env, "UNIONPAY_CERT_ID")!,
    privateKey,
    unionpayPublicKey,
    frontUrl,
  };
}

/** Reads the ALIPAY_* and UNIONPAY_* variables; key paths are resolved against `cwd`. */
export function loadPaymentsConfig(env: Env = process.env, cwd = process.cwd()): PaymentsConfig {
  const problems: string[] = [];
  const alipay = loadAlipay(env, cwd, problems);
  const unionpay = loadUnionpay(env, cwd, problems);
  return { alipay, unionpay, problems };
}

/** Which real gateways are fully configured (the shape of the `paySwitch` answer, minus the sandbox). */
export function enabledChannels(
  env: Env = process.env,
  cwd = process.cwd(),
): { alipay: boolean; unionpay: boolean } {
  const config = loadPaymentsConfig(env, cwd);
  return { alipay: config.alipay !== undefined, unionpay: config.unionpay !== undefined };
}
