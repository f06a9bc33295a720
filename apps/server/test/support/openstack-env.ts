// Where the loopback OpenStack of scripts/openstack/start.sh is: its .openstack/env at the
// repository root, or the file OPENSTACK_ENV_FILE names (a cloud another worktree started).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { OpenStackConnection } from "../../src/providers/network/openstack/openstack-client";
import type { S3StoreConfig } from "../../src/providers/objectstore/s3-object-store";

const root = path.resolve(import.meta.dirname, "../../../..");

/** Every variable of the cloud's env file. */
export function openStackEnv(): Record<string, string> {
  const file = process.env.OPENSTACK_ENV_FILE ?? path.join(root, ".openstack/env");
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: start the cloud first (scripts/openstack/install.sh && scripts/openstack/start.sh)`,
    );
  }
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

export function openStackConnection(): OpenStackConnection {
  const env = openStackEnv();
  return {
    authUrl: env.OPENSTACK_AUTH_URL!,
    username: env.OPENSTACK_USERNAME!,
    password: env.OPENSTACK_PASSWORD!,
    project: env.OPENSTACK_PROJECT!,
    domain: env.OPENSTACK_DOMAIN!,
    publicNetwork: env.OPENSTACK_PUBLIC_NETWORK ?? "public",
  };
}

/** Object storage on the cloud's Swift (its S3 API), as the server's OBS_* settings give it. */
export function objectStoreConfig(): S3StoreConfig {
  const env = openStackEnv();
  return {
    endpoint: env.OBS_S3_ENDPOINT!,
    region: env.OBS_REGION!,
    keystone: {
      authUrl: env.OBS_KEYSTONE_URL!,
      username: env.OBS_KEYSTONE_USERNAME!,
      password: env.OBS_KEYSTONE_PASSWORD!,
      project: env.OBS_KEYSTONE_PROJECT!,
      domain: "Default",
    },
    accessLogUdp: env.OBS_ACCESS_LOG_UDP,
  };
}
