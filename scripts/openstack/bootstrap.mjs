// The parts of scripts/openstack/start.sh that talk to the APIs, in one Node process instead of
// thirty `openstack` CLI calls (each costs 1.5–2 s of Python start-up). Both steps find what an
// earlier start made and make only what is missing, so a restart without --fresh is quick.
//   node bootstrap.mjs catalog         service project, `service` role, service users, catalog
//   node bootstrap.mjs public-network  the flat external network `public` and its subnet; prints its id
//   node bootstrap.mjs compute         the Glance images and Nova flavors hosts are booted from
// Reads OS_AUTH_URL and OS_ADMIN_PASSWORD, and <SERVICE>_PASSWORD for each service user.
const authUrl = process.env.OS_AUTH_URL ?? "http://127.0.0.1:5000/v3";
const neutronUrl = "http://127.0.0.1:9696/v2.0";
const glanceUrl = "http://127.0.0.1:9292/v2";
const novaUrl = "http://127.0.0.1:8774/v2.1";

// Hosts on Nova (decision 0020): a product's flavor id is the Nova flavor's id and name, a
// product's image id the Glance image's name. These are the seeded demo products' (catalog.seed.ts,
// ecs-standard); sizes are the products' own (system disk 50 GB), which the fake driver never
// checks against a real machine.
const FLAVORS = [
  { id: "c2m4", vcpus: 2, ram: 4096, disk: 50 },
  { id: "c4m8", vcpus: 4, ram: 8192, disk: 50 },
  { id: "g8m64-a100", vcpus: 8, ram: 65536, disk: 50 },
];
const IMAGES = ["ubuntu-22.04", "centos-7.9", "windows-2022", "ubuntu-22.04-cuda"];

async function call(method, url, token, body, contentType = "application/json") {
  const response = await fetch(url, {
    method,
    headers: { "content-type": contentType, ...(token ? { "x-auth-token": token } : {}) },
    body: body === undefined || body instanceof Uint8Array ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { response, json: text ? JSON.parse(text) : {} };
}

async function adminToken() {
  const { response } = await call("POST", `${authUrl}/auth/tokens`, null, {
    auth: {
      identity: {
        methods: ["password"],
        password: {
          user: { name: "admin", domain: { id: "default" }, password: process.env.OS_ADMIN_PASSWORD },
        },
      },
      scope: { project: { name: "admin", domain: { id: "default" } } },
    },
  });
  return response.headers.get("x-subject-token");
}

/** The one object of `kind` matching `query`, made from `body` when there is none. */
async function ensure(token, base, kind, plural, query, body) {
  const { json } = await call("GET", `${base}/${plural}?${new URLSearchParams(query)}`, token);
  if (json[plural].length > 0) return json[plural][0];
  return (await call("POST", `${base}/${plural}`, token, { [kind]: body })).json[kind];
}

async function catalog() {
  const token = await adminToken();
  const project = await ensure(
    token,
    authUrl,
    "project",
    "projects",
    { name: "service" },
    {
      name: "service",
      domain_id: "default",
      description: "Service Project",
    },
  );
  const admin = await ensure(token, authUrl, "role", "roles", { name: "admin" }, { name: "admin" });
  // nova-api sends its own token as X-Service-Token when it calls neutron, glance and placement
  // for a user; with service_token_roles_required the receivers refuse it (401) unless the
  // service user has the `service` role.
  const service = await ensure(token, authUrl, "role", "roles", { name: "service" }, { name: "service" });
  // Swift's reseller admin may reach every account: Skyledger's object storage reads a tenant's
  // bucket sizes (a container HEAD) with the admin token (keystoneauth's reseller_admin_role).
  const resellerAdmin = await ensure(
    token,
    authUrl,
    "role",
    "roles",
    { name: "ResellerAdmin" },
    { name: "ResellerAdmin" },
  );
  const adminUser = (await call("GET", `${authUrl}/users?name=admin&domain_id=default`, token)).json.users[0];
  const adminProject = (await call("GET", `${authUrl}/projects?name=admin&domain_id=default`, token)).json
    .projects[0];
  await call(
    "PUT",
    `${authUrl}/projects/${adminProject.id}/users/${adminUser.id}/roles/${resellerAdmin.id}`,
    token,
  );
  for (const name of ["glance", "placement", "nova", "neutron", "swift"]) {
    const password = process.env[`${name.toUpperCase()}_PASSWORD`];
    const user = await ensure(
      token,
      authUrl,
      "user",
      "users",
      { name, domain_id: "default" },
      {
        name,
        domain_id: "default",
        password,
      },
    );
    // The password of this state directory, whatever an earlier one set.
    await call("PATCH", `${authUrl}/users/${user.id}`, token, { user: { password } });
    for (const role of [admin, service]) {
      await call("PUT", `${authUrl}/projects/${project.id}/users/${user.id}/roles/${role.id}`, token);
    }
  }
  const services = [
    ["glance", "image", "http://127.0.0.1:9292"],
    ["placement", "placement", "http://127.0.0.1:8778"],
    ["nova", "compute", "http://127.0.0.1:8774/v2.1"],
    ["neutron", "network", "http://127.0.0.1:9696"],
    ["swift", "object-store", "http://127.0.0.1:8080/v1/AUTH_%(project_id)s"],
  ];
  for (const [name, type, url] of services) {
    const entry = await ensure(
      token,
      authUrl,
      "service",
      "services",
      { type },
      { name, type, enabled: true },
    );
    for (const iface of ["public", "internal", "admin"]) {
      await ensure(
        token,
        authUrl,
        "endpoint",
        "endpoints",
        { service_id: entry.id, interface: iface },
        {
          service_id: entry.id,
          interface: iface,
          url,
          region_id: "RegionOne",
        },
      );
    }
  }
}

async function publicNetwork() {
  const token = await adminToken();
  const network = await ensure(
    token,
    neutronUrl,
    "network",
    "networks",
    { name: "public", "router:external": "true" },
    {
      name: "public",
      "router:external": true,
      "provider:network_type": "flat",
      "provider:physical_network": "public",
    },
  );
  // 203.0.113.0/24 is TEST-NET-3 (RFC 5737): documentation addresses that route nowhere.
  await ensure(
    token,
    neutronUrl,
    "subnet",
    "subnets",
    { network_id: network.id },
    {
      name: "public-subnet",
      network_id: network.id,
      ip_version: 4,
      cidr: "203.0.113.0/24",
      gateway_ip: "203.0.113.1",
      enable_dhcp: false,
      allocation_pools: [{ start: "203.0.113.100", end: "203.0.113.200" }],
    },
  );
  process.stdout.write(`${network.id}\n`);
}

async function compute() {
  const token = await adminToken();
  const { json } = await call("GET", `${novaUrl}/flavors/detail?is_public=None`, token);
  for (const flavor of FLAVORS) {
    if (json.flavors.some((f) => f.id === flavor.id)) continue;
    await call("POST", `${novaUrl}/flavors`, token, {
      flavor: { id: flavor.id, name: flavor.id, vcpus: flavor.vcpus, ram: flavor.ram, disk: flavor.disk },
    });
  }
  // One MiB of zeros as a public raw image: the fake driver never reads it, but Nova asks Glance
  // for an active image before it boots.
  const zeros = new Uint8Array(1024 * 1024);
  for (const name of IMAGES) {
    const { json: found } = await call("GET", `${glanceUrl}/images?name=${encodeURIComponent(name)}`, token);
    const image =
      found.images[0] ??
      (
        await call("POST", `${glanceUrl}/images`, token, {
          name,
          disk_format: "raw",
          container_format: "bare",
          visibility: "public",
        })
      ).json;
    // An image made by a start that stopped before its upload is still `queued`: upload it now.
    if (image.status === "queued") {
      await call("PUT", `${glanceUrl}/images/${image.id}/file`, token, zeros, "application/octet-stream");
    }
  }
}

const step = { catalog, "public-network": publicNetwork, compute }[process.argv[2]];
if (!step) {
  console.error("usage: node bootstrap.mjs catalog|public-network|compute");
  process.exit(2);
}
await step();
