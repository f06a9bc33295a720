// Where the loopback OpenStack of scripts/openstack/start.sh is: its .openstack/env at the
// repository root, or the file OPENSTACK_ENV_FILE names (a cloud another worktree started).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { OpenStackConnection } from "../../src/providers/network/openstack/openstack-client";

const root = path.resolve(import.meta.dirname, "../../../..");

export function openStackConnection(): OpenStackConnection {
  const file = process.env.OPENSTACK_ENV_FILE ?? path.join(root, ".openstack/env");
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: start the cloud first (scripts/openstack/install.sh && scripts/openstack/start.sh)`,
    );
  }
  const env = Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return {
    authUrl: env.OPENSTACK_AUTH_URL!,
    username: env.OPENSTACK_USERNAME!,
    password: env.OPENSTACK_PASSWORD!,
    project: env.OPENSTACK_PROJECT!,
    domain: env.OPENSTACK_DOMAIN!,
    publicNetwork: env.OPENSTACK_PUBLIC_NETWORK ?? "public",
  };
}
