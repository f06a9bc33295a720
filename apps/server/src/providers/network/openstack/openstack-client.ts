// A small client for OpenStack's HTTP APIs as Skyledger uses them (decision 0014): Keystone v3
// password sign-in, one token per scope cached until shortly before it expires (and signed in
// again once when a service answers 401 — a token revoked or expired early), the services'
// addresses read from the token's catalog, a time limit on every call, and every failure turned
// into a NetworkCloudError carrying OpenStack's own message and HTTP status.
import { NetworkCloudError } from "../network-cloud";

/** Where the cloud is and who Skyledger is there (the server's OPENSTACK_* settings). */
export type OpenStackConnection = {
  authUrl: string;
  username: string;
  password: string;
  /** The project (by name) of Keystone's own calls; the user holds the admin role on it. */
  project: string;
  /** Domain name of the user, of that project and of the projects Skyledger makes. */
  domain: string;
  /** The external network (name or id) routers take their gateway on. */
  publicNetwork: string;
};

export type OpenStackService = "identity" | "network" | "compute" | "image" | "object-store";

export type OpenStackRequest = {
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** A project's id for a token scoped to it; unset: the connection's own (admin) project. */
  project?: string;
  query?: [string, string][];
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The service's address when it is not the catalog's: object storage reaches another project's
   * Swift account (`…/v1/AUTH_<project>`) with the admin token.
   */
  baseUrl?: string;
};

export type OpenStackClient = {
  /** One call; a 2xx answer's JSON body (or null when it has none). */
  call<T>(service: OpenStackService, request: OpenStackRequest): Promise<T>;
  /** One call whose answer is in its headers (Swift's HEAD of a container); a 2xx answer's headers. */
  headers(service: OpenStackService, request: OpenStackRequest): Promise<Headers>;
  /** The signed-in user's id and the id of the connection's domain. */
  identity(): Promise<{ userId: string; domainId: string }>;
};

type Session = {
  token: string;
  expiresAt: number;
  userId: string;
  domainId: string;
  endpoints: Map<string, string>;
};

type CatalogEntry = { type: string; endpoints: { interface: string; url: string }[] };

// A token is renewed this long before Keystone's expiry, so that no call starts with one about to lapse.
const RENEW_BEFORE_MS = 120_000;

export function createOpenStackClient(
  conn: OpenStackConnection,
  options: { timeoutMs?: number; now?: () => number; fetch?: typeof fetch } = {},
): OpenStackClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? fetch;
  const authUrl = conn.authUrl.replace(/\/+$/, "");
  const sessions = new Map<string, Promise<Session>>();

  async function send(url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { response, text: await response.text() };
    } catch (error) {
      const why =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${timeoutMs} ms`
          : String(error);
      throw new NetworkCloudError(`OpenStack at ${new URL(url).host} is unreachable: ${why}`);
    }
  }

  async function signIn(project: string | undefined): Promise<Session> {
    const domain = { name: conn.domain };
    const scope = project ? { project: { id: project } } : { project: { name: conn.project, domain } };
    const { response, text } = await send(`${authUrl}/auth/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        auth: {
          identity: {
            methods: ["password"],
            password: { user: { name: conn.username, domain, password: conn.password } },
          },
          scope,
        },
      }),
    });
    if (!response.ok) {
      const what = project ? `project ${project}` : `project ${conn.project}`;
      throw new NetworkCloudError(
        `Keystone refused to sign in ${conn.username} to ${what}: ${messageOf(text, response.status)}`,
        response.status,
      );
    }
    const token = response.headers.get("x-subject-token");
    const body = JSON.parse(text) as {
      token: {
        expires_at: string;
        user: { id: string; domain: { id: string } };
        project: { domain: { id: string } };
        catalog?: CatalogEntry[];
      };
    };
    if (!token) throw new NetworkCloudError("Keystone answered a sign-in without a token", response.status);
    const endpoints = new Map<string, string>();
    for (const entry of body.token.catalog ?? []) {
      const endpoint = entry.endpoints.find((e) => e.interface === "public") ?? entry.endpoints[0];
      if (endpoint) endpoints.set(entry.type, endpoint.url.replace(/\/+$/, ""));
    }
    return {
      token,
      expiresAt: Date.parse(body.token.expires_at),
      userId: body.token.user.id,
      domainId: body.token.project.domain.id,
      endpoints,
    };
  }

  async function session(project: string | undefined, fresh: boolean): Promise<Session> {
    const key = project ?? "";
    const cached = sessions.get(key);
    if (cached && !fresh) {
      const s = await cached.catch(() => null);
      if (s && s.expiresAt - RENEW_BEFORE_MS > now()) return s;
    }
    // One sign-in per scope at a time: calls made together share it.
    const next = signIn(project);
    sessions.set(key, next);
    next.catch(() => {
      if (sessions.get(key) === next) sessions.delete(key);
    });
    return next;
  }

  function baseUrl(s: Session, service: OpenStackService): string {
    if (service === "identity") return authUrl;
    const url = s.endpoints.get(service);
    if (!url) throw new NetworkCloudError(`OpenStack's service catalog has no ${service} endpoint`);
    // Neutron's catalog entry is its root; its API lives under /v2.0.
    return service === "network" && !url.endsWith("/v2.0") ? `${url}/v2.0` : url;
  }

  async function call<T>(service: OpenStackService, request: OpenStackRequest): Promise<T> {
    const { text } = await exchange(service, request);
    return (text ? JSON.parse(text) : null) as T;
  }

  async function exchange(
    service: OpenStackService,
    request: OpenStackRequest,
  ): Promise<{ response: Response; text: string }> {
    for (let attempt = 0; ; attempt++) {
      const s = await session(request.project, attempt > 0);
      const query = request.query?.length ? `?${new URLSearchParams(request.query)}` : "";
      const base = request.baseUrl ?? baseUrl(s, service);
      const { response, text } = await send(`${base}${request.path}${query}`, {
        method: request.method,
        headers: {
          "x-auth-token": s.token,
          accept: "application/json",
          ...(request.body === undefined ? {} : { "content-type": "application/json" }),
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      if (response.status === 401 && attempt === 0) continue;
      if (!response.ok) {
        throw new NetworkCloudError(
          `OpenStack ${service} refused ${request.method} ${request.path}: ${messageOf(text, response.status)}`,
          response.status,
        );
      }
      return { response, text };
    }
  }

  return {
    call,
    headers: async (service, request) => (await exchange(service, request)).response.headers,
    identity: async () => {
      const s = await session(undefined, false);
      return { userId: s.userId, domainId: s.domainId };
    },
  };
}

/**
 * OpenStack's own words from an error answer: Neutron's `{NeutronError: {message}}`, Keystone's
 * `{error: {message}}`, Nova's `{badRequest: {message}}` and the like.
 */
export function messageOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const value of Object.values(body)) {
      if (value && typeof value === "object" && "message" in value) return String(value.message);
    }
  } catch {
    // not JSON: an HTML page from a proxy, or nothing
  }
  return text.trim() ? `HTTP ${status}: ${text.trim().slice(0, 200)}` : `HTTP ${status}`;
}
