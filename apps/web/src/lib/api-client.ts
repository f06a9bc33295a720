// The one place that talks to the API: headers, signatures, the anti-forgery token, the 50 s
// timeout and the client behaviour table of spec §8. Navigation, toasts and dialogs are injected
// (see app/api-bridge.tsx) so the table can be tested without a browser.
import {
  CONSOLE_VERSION_HEADER,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResponse,
  ERRORS,
  endpoints,
  type Locale,
  type MaintenanceState,
  SIGNING_HEADERS,
  type StepUpKind,
  TOAST_CODES,
} from "@skyledger/contracts";
import { readCookie } from "./cookies";
import { sha256Hex } from "./file-digest";
import { nonce as randomNonce, uuid } from "./ids";
import { session as browserSession, type SessionStore } from "./session";
import { signRequest } from "./signing";
import { type UploadProgress, type XhrInit, xhrSend } from "./xhr-send";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Show the server's message as a success toast when it is not empty. */
  successToast?: boolean;
  /** Hide the toasts of transient failures (network, timeout, 5xx) for calls that retry on their own. */
  quiet?: boolean;
  /**
   * A public endpoint (login, sign-up, password recovery…): sent without token or signature, so a
   * stale session left in storage cannot make it fail.
   */
  anonymous?: boolean;
  /** Failures go back to the caller only: no toast, dialog or navigation (e.g. logging out). */
  bestEffort?: boolean;
  /**
   * Sent as the `Idempotency-Key` header of a money-moving call: the server applies the effect once
   * per key. One fresh key per user action, the same key when that action is retried (see
   * lib/action-key.ts).
   */
  idempotencyKey?: string;
};

/** The request parts of an endpoint, typed from its schemas; path parameters are required when it has any. */
export type CallArgs<E extends Endpoint> = Omit<RequestOptions, "query" | "body"> &
  (EndpointParamsInput<E> extends undefined ? { params?: undefined } : { params: EndpointParamsInput<E> }) &
  // Without a body schema the server reads no body: whatever is sent is passed on as it is.
  (EndpointBodyInput<E> extends undefined ? { body?: object } : { body: EndpointBodyInput<E> }) & {
    /**
     * The endpoint's query parameters by name. Values stay loose (an empty filter is left out, see
     * cleanQuery) and are checked by the server's schema.
     */
    query?: EndpointQueryInput<E> extends undefined
      ? undefined
      : { [K in keyof EndpointQueryInput<E>]?: QueryValue };
  };

/** Arguments may be left out when the endpoint needs neither path parameters nor a body. */
type CallRest<E extends Endpoint> =
  EndpointParamsInput<E> extends undefined
    ? EndpointBodyInput<E> extends undefined
      ? [args?: CallArgs<E>]
      : [args: CallArgs<E>]
    : [args: CallArgs<E>];

const API_PREFIX = "/api";

/** The endpoint's path below the API prefix with its `:name` parameters filled in (each encoded). */
export function endpointPath(endpoint: Endpoint, params: object | undefined): string {
  if (!endpoint.path.startsWith(`${API_PREFIX}/`)) throw new Error(`Not an API path: ${endpoint.path}`);
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.slice(API_PREFIX.length).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`${endpoint.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Internal: `binary` reads a successful answer as a file instead of the JSON envelope; `bytes` is
 * sent as the body of an upload (application/octet-stream, not a signed parameter).
 */
type SendOptions = RequestOptions & {
  binary?: boolean;
  bytes?: Uint8Array;
  /** Sent again, once, with the server's time learnt from its refusal of a stale signature. */
  resigned?: boolean;
  /**
   * Reports the upload of `bytes` as it goes (sent through env.sendWithProgress). The timeout then
   * counts from the last progress, so a large file on a slow line is not cut off while it moves.
   */
  onProgress?: UploadProgress;
};

export type FieldError = { path: string; message: string };

export type ApiErrorKind =
  | "business"
  | "validation"
  | "session"
  | "forbidden"
  | "notFound"
  | "stepUp"
  | "upgrade"
  | "rateLimited"
  | "unavailable"
  | "server"
  | "timeout"
  | "network";

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(kind: ApiErrorKind, code: number, message: string, data: unknown = null, status = 0) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** Field errors of a validation answer (HTTP 400, body code 400). */
  get fields(): FieldError[] {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as FieldError[]) : [];
  }

  /** Failures worth retrying: the server did not answer in a usable way. */
  get transient(): boolean {
    return this.kind === "network" || this.kind === "timeout" || this.kind === "server";
  }
}

/** Texts the client shows itself when the server gives none; the app maps them to i18n keys. */
export type ClientText =
  | "parameterException"
  | "sessionExpired"
  | "interfaceNotFound"
  | "serverError"
  | "timeout"
  | "network";

export type ApiEnv = {
  fetch: typeof fetch;
  /** An upload whose progress is reported (XMLHttpRequest in the browser: fetch reports none). */
  sendWithProgress(url: string, init: XhrInit, onProgress: UploadProgress): Promise<Response>;
  /** Prefix of every API path, "/api" in the browser. */
  baseUrl: string;
  timeoutMs: number;
  locale(): Locale;
  text(key: ClientText): string;
  notify: {
    success(text: string): void;
    warning(text: string): void;
    error(text: string, seconds?: number): void;
  };
  /** `reload` asks for a full page load so that no state of the old session survives. */
  navigate(path: string, options?: { reload?: boolean }): void;
  /** Shows the session-expired dialog; resolves when the user acknowledges it. */
  confirmSessionExpired(text: string): Promise<void>;
  /** Opens the SMS verification dialog; resolves true once the code was verified. */
  stepUp(): Promise<boolean>;
  session: SessionStore;
  /** This console's build (compiled in by the vite build), sent on every call; null sends none. */
  consoleVersion?: string | null;
  cookie(name: string): string | null;
  now(): number;
  requestId(): string;
  nonce(): string;
};

type Envelope = { code?: number; message?: string; data?: unknown };
type Answer = { status: number; text: string; blob?: Blob };

const STATE_CHANGING: ReadonlySet<Method> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const XSRF_COOKIE = "XSRF-TOKEN";
const TOKEN_PATH = "/users/token";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const MAX_STEP_UPS = 3;

export const DEFAULT_TIMEOUT_MS = 50_000;
const SIGNATURE_INVALID = ERRORS.SIGNATURE_INVALID.code;
/** Differences in the measured clock offset smaller than this are network jitter, not a clock change. */
const SKEW_TOLERANCE_MS = 10_000;

function cleanQuery(query: Query | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    // Empty filters are left out of both the URL and the signature so both sides see the same set.
    if (value === undefined || value === null || value === "") continue;
    out[key] = value;
  }
  return out;
}

function withQuery(path: string, query: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.append(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function parseEnvelope(text: string): Envelope | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

/** The maintenance state a 503 carries when maintenance (not a licence or an outage) refused the call. */
function maintenanceOf(data: unknown): MaintenanceState | null {
  const mode = (data as { mode?: unknown } | null)?.mode;
  return mode === "closed" || mode === "readOnly" ? (data as MaintenanceState) : null;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(initial: ApiEnv) {
  let env = initial;
  let sessionExpiry: Promise<never> | null = null;
  // The server's clock minus ours, learnt from its answers (X-Server-Time). A computer whose clock
  // is minutes off would otherwise sign every request outside the server's window and be refused.
  let skewMs = 0;

  function learnServerTime(response: Response, sentAt: number) {
    const server = Number(response.headers.get(SIGNING_HEADERS.serverTime));
    if (!Number.isFinite(server) || server <= 0) return;
    // The server read its clock somewhere between sending and receiving: the midpoint is the best guess.
    const measured = server - (sentAt + env.now()) / 2;
    if (Math.abs(measured - skewMs) > SKEW_TOLERANCE_MS) skewMs = Math.round(measured);
  }

  async function headersFor(
    method: Method,
    fullPath: string,
    query: object,
    body: unknown,
    options: SendOptions,
  ) {
    const anonymous = options.anonymous === true;
    const requestId = env.requestId();
    const headers: Record<string, string> = {
      // A file download still gets its failures as the JSON envelope.
      Accept: options.binary ? "application/octet-stream, application/json" : "application/json",
      "Accept-Language": env.locale(),
      [SIGNING_HEADERS.source]: "console",
      [SIGNING_HEADERS.moduleType]: "console",
      [SIGNING_HEADERS.requestId]: requestId,
    };
    if (options.bytes) headers["Content-Type"] = "application/octet-stream";
    else if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
    // Not signed: it changes nothing the request asks for (docs/api/signing.md).
    if (env.consoleVersion) headers[CONSOLE_VERSION_HEADER] = env.consoleVersion;
    if (STATE_CHANGING.has(method)) {
      const xsrf = await xsrfToken();
      if (xsrf) headers[SIGNING_HEADERS.csrf] = xsrf;
    }
    const token = anonymous ? null : env.session.token();
    const secret = anonymous ? null : env.session.signSecret();
    if (token && secret) {
      const timestamp = String(env.now() + skewMs);
      const nonce = env.nonce();
      headers.Authorization = `Bearer ${token}`;
      headers[SIGNING_HEADERS.timestamp] = timestamp;
      headers[SIGNING_HEADERS.nonce] = nonce;
      headers[SIGNING_HEADERS.signature] = await signRequest(secret, {
        method,
        path: fullPath,
        query,
        body: options.bytes ?? body ?? {},
        timestamp,
        nonce,
        requestId,
      });
    }
    return headers;
  }

  // The server sets the cookie on the public config call; a state-changing call made before the
  // console read its config (a deep link straight to a form) primes it first.
  async function xsrfToken(): Promise<string | null> {
    const existing = env.cookie(XSRF_COOKIE);
    if (existing) return existing;
    try {
      const response = await env.fetch(`${env.baseUrl}/configs/nonAuth`, {
        method: "GET",
        credentials: "same-origin",
        headers: { Accept: "application/json", "Accept-Language": env.locale() },
      });
      // Only its cookie is wanted, but the body is read so that the request ends.
      await response.text();
    } catch {
      // The real call below reports the failure.
    }
    return env.cookie(XSRF_COOKIE);
  }

  function expireSession(message: string): Promise<never> {
    if (!sessionExpiry) {
      env.session.clear();
      sessionExpiry = env.confirmSessionExpired(env.text("sessionExpired")).then(() => {
        env.navigate("/login", { reload: true });
        sessionExpiry = null;
        throw new ApiError("session", 401, message || env.text("sessionExpired"), null, 401);
      });
    }
    return sessionExpiry;
  }

  async function send(method: Method, path: string, options: SendOptions): Promise<Answer | ApiError> {
    const query = cleanQuery(options.query);
    const fullPath = `${env.baseUrl}${path}`;
    const controller = new AbortController();
    let timer = setTimeout(() => controller.abort(), env.timeoutMs);
    const { bytes, onProgress } = options;
    try {
      const headers = await headersFor(method, fullPath, query, options.body, options);
      const sentAt = env.now();
      const url = withQuery(fullPath, query);
      const response =
        bytes && onProgress
          ? await env.sendWithProgress(
              url,
              { method, headers, body: bytes, signal: controller.signal, credentials: "same-origin" },
              (sent, total) => {
                clearTimeout(timer);
                timer = setTimeout(() => controller.abort(), env.timeoutMs);
                onProgress(sent, total);
              },
            )
          : await env.fetch(url, {
              method,
              headers,
              credentials: "same-origin",
              signal: controller.signal,
              ...(bytes
                ? { body: bytes as BodyInit }
                : options.body === undefined
                  ? {}
                  : { body: JSON.stringify(options.body) }),
            });
      learnServerTime(response, sentAt);
      // Reading the body stays under the same timeout as the request itself.
      const type = response.headers.get("content-type") ?? "";
      if (options.binary && response.ok && !type.includes("application/json")) {
        return { status: response.status, text: "", blob: await response.blob() };
      }
      return { status: response.status, text: await response.text() };
    } catch {
      if (controller.signal.aborted) return new ApiError("timeout", 0, env.text("timeout"));
      return new ApiError("network", 0, env.text("network"));
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(
    method: Method,
    path: string,
    options: SendOptions = {},
    stepUps = 0,
  ): Promise<T> {
    const skewUsed = skewMs;
    const outcome = await send(method, path, options);
    if (outcome instanceof ApiError) {
      if (!options.quiet && !options.bestEffort) env.notify.error(outcome.message);
      throw outcome;
    }
    if (outcome.blob) return outcome.blob as T;
    const status = outcome.status;
    const envelope = parseEnvelope(outcome.text);
    const code = typeof envelope?.code === "number" ? envelope.code : status;
    const message = typeof envelope?.message === "string" ? envelope.message : "";
    const data = envelope?.data ?? null;
    const fail = (kind: ApiErrorKind, text: string) => new ApiError(kind, code, text, data, status);

    // Refused as signed at the wrong time, and the answer taught us the server's: sign again, once.
    if (code === SIGNATURE_INVALID && skewMs !== skewUsed && !options.resigned) {
      return request<T>(method, path, { ...options, resigned: true }, stepUps);
    }

    if (options.bestEffort) {
      if (status >= 200 && status < 300 && code === 200) return data as T;
      throw fail(code >= 20000 ? "business" : "server", message);
    }

    if (status === 401 || code === 401) return expireSession(message);
    // A 403 with a business code is a refusal with its reason (granting beyond one's own rights):
    // shown like any business message below. A plain 403 means the session may not be here at all.
    if (status === 403 && code < 20000) {
      env.session.clear();
      env.navigate("/403");
      throw fail("forbidden", message);
    }
    if (status === 406 || code === 406) {
      if (stepUps >= MAX_STEP_UPS || !(await env.stepUp())) throw fail("stepUp", message);
      // A fresh request id, nonce and timestamp: the server refuses a replayed signature. The
      // idempotency key stays: it is the same action.
      return request<T>(method, path, options, stepUps + 1);
    }
    if (status === 426 || code === 426) {
      env.navigate("/426");
      throw fail("upgrade", message);
    }
    if (status === 429 || code === 429) {
      env.navigate("/429");
      throw fail("rateLimited", message);
    }
    if (status === 503) {
      const maintenance = maintenanceOf(data);
      // Read-only maintenance refuses this action only: its message, and the page stays.
      if (maintenance?.mode === "readOnly") {
        env.notify.error(message);
        throw fail("business", message);
      }
      env.navigate(maintenance ? "/unavailable" : "/license");
      throw fail("unavailable", message);
    }
    if (status === 404 || code === 404) {
      env.notify.error(env.text("interfaceNotFound"));
      throw fail("notFound", env.text("interfaceNotFound"));
    }
    if (status >= 500 || (code >= 500 && code < 600)) {
      if (!options.quiet) env.notify.error(env.text("serverError"));
      throw fail("server", env.text("serverError"));
    }
    if (status >= 200 && status < 300 && code === 200) {
      if (options.successToast && message) env.notify.success(message);
      return data as T;
    }
    if (TOAST_CODES.has(code) || code >= 20000 || code === 403) {
      const text = message || env.text("parameterException");
      env.notify.error(text, 3);
      throw fail("business", text);
    }
    // HTTP 400 / body 400: a refused token call means the session cannot open the console.
    if (path === TOKEN_PATH) {
      env.navigate("/403");
      throw fail("forbidden", message);
    }
    const text = message || env.text("parameterException");
    env.notify.warning(text);
    throw fail("validation", text);
  }

  /** Splits typed call arguments into the path and the request options. */
  function partsOf(endpoint: Endpoint, args: object | undefined): [string, SendOptions] {
    const { params, ...options } = (args ?? {}) as { params?: object } & SendOptions;
    const body = options.body ?? (endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {});
    return [endpointPath(endpoint, params), { ...options, body }];
  }

  /**
   * Before an action guarded by SMS step-up: asks whether the session would be answered 406 and, if
   * so, opens the SMS dialog first. The 406 is an expected answer, but the browser logs every failed
   * request as a console error; asked this way, it is never sent. Should the question fail, the
   * action goes as it is and its 406 is handled below as before.
   */
  async function stepUpFirst(kind: StepUpKind): Promise<void> {
    const check = endpoints.auth.stepUpNeeded;
    const answer = await request<{ needed: boolean }>(check.method, endpointPath(check, undefined), {
      bestEffort: true,
      // An operator's money action has its own switch; any other is asked about as it is.
      ...(kind === "operatorMoney" ? { query: { kind } } : {}),
    }).catch(() => null);
    if (answer?.needed && !(await env.stepUp())) throw new ApiError("stepUp", 406, "", null, 406);
  }

  return {
    request,
    /**
     * Calls an endpoint of @skyledger/contracts: its method and path come from the definition, the
     * parameters, query and body are typed by its schemas and the answer by its `response`.
     */
    call: async <E extends Endpoint>(endpoint: E, ...[args]: CallRest<E>) => {
      const [path, options] = partsOf(endpoint, args);
      if (endpoint.access === "user" && endpoint.stepUp && !options.anonymous)
        await stepUpFirst(endpoint.stepUp);
      return request<EndpointResponse<E>>(endpoint.method, path, options);
    },
    /** An endpoint whose successful answer is a file (an export), returned as a Blob. */
    callDownload: <E extends Endpoint>(endpoint: E, ...[args]: CallRest<E>) => {
      const [path, options] = partsOf(endpoint, args);
      return request<Blob>(endpoint.method, path, { ...options, body: undefined, binary: true });
    },
    /**
     * Uploads one file to an upload endpoint, its SHA-256 in the signed query (docs/api/signing.md).
     * With `onProgress`, the bytes go through env.sendWithProgress and their progress is reported.
     */
    callUpload: async <E extends Endpoint>(
      endpoint: E,
      file: Blob | Uint8Array,
      args: Omit<CallArgs<E>, "body"> & { onProgress?: UploadProgress } = {} as Omit<CallArgs<E>, "body">,
    ) => {
      const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
      const { params, query, ...options } = args as { params?: object; query?: Query } & RequestOptions;
      return request<EndpointResponse<E>>(endpoint.method, endpointPath(endpoint, params), {
        ...options,
        query: { ...query, sha256: await sha256Hex(bytes) },
        bytes,
      });
    },
    get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("POST", path, { ...options, body: body ?? {} }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("PUT", path, { ...options, body: body ?? {} }),
    del: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
    /**
     * A signed GET whose successful answer is a file (an export), returned as a Blob. Failures come
     * as the JSON envelope and follow the same behaviour table as every other call.
     */
    download: (path: string, options?: Omit<RequestOptions, "body">) =>
      request<Blob>("GET", path, { ...options, binary: true }),
    /**
     * Uploads one file as the request body, its SHA-256 in the signed query (docs/api/signing.md,
     * "Uploads"). Answers what the server stored, e.g. `{ id, name, contentType, size }`.
     */
    upload: async <T>(path: string, file: Blob | Uint8Array, query: Query = {}, options?: RequestOptions) => {
      const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
      return request<T>("POST", path, {
        ...options,
        query: { ...query, sha256: await sha256Hex(bytes) },
        bytes,
      });
    },
    /** Replaces injected parts, e.g. once the UI can show toasts and navigate. */
    configure(patch: Partial<ApiEnv>) {
      env = { ...env, ...patch };
    },
  };
}

const ignore = () => {};

/** Defined by the vite build only (apps/web/vite.config.ts); absent in development and tests. */
declare const __CONSOLE_VERSION__: string | undefined;

// Browser defaults; the app injects translated texts, toasts, navigation and dialogs at start-up.
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  sendWithProgress: xhrSend,
  baseUrl: "/api",
  timeoutMs: DEFAULT_TIMEOUT_MS,
  locale: () => "zh-CN",
  text: (key) => key,
  notify: { success: ignore, warning: ignore, error: ignore },
  navigate: (path) => globalThis.location.assign(path),
  confirmSessionExpired: async () => {},
  stepUp: async () => false,
  session: browserSession,
  consoleVersion: typeof __CONSOLE_VERSION__ === "string" ? __CONSOLE_VERSION__ : null,
  cookie: (name) => readCookie(name),
  now: () => Date.now(),
  requestId: uuid,
  nonce: randomNonce,
});
