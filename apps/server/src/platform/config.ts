// Every environment variable Skyledger reads, with its default, validated by one zod schema at
// start-up: a bad value stops the server with one line per variable (its name, what is wrong, an
// example) instead of surfacing later as a crash or a silently ignored setting. The README's
// configuration table mirrors this file.
import path from "node:path";
import { DEFAULT_STORAGE_LIMITS } from "@skyledger/billing";
import { z } from "zod";
import { SMS_DEFAULTS, SMS_PROVIDERS, type SmsProvider, type SmsSettings } from "./outbox/sms/sms-gateway";
import { parseSecretsKey } from "./secrets";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./time-zone";

/**
 * The payment gateways' variables, passed to the finance module as given (trimmed, blank as unset):
 * it decides whether a channel is on, and logs why a partial or broken set keeps one off.
 */
export const PAYMENT_GATEWAY_VARIABLES = [
  "ALIPAY_APP_ID",
  "ALIPAY_PRIVATE_KEY",
  "ALIPAY_PUBLIC_KEY",
  "ALIPAY_GATEWAY_URL",
  "UNIONPAY_MER_ID",
  "UNIONPAY_CERT_ID",
  "UNIONPAY_PRIVATE_KEY",
  "UNIONPAY_PUBLIC_KEY",
  "UNIONPAY_FRONT_URL",
] as const;
export type PaymentGatewayEnv = Partial<Record<(typeof PAYMENT_GATEWAY_VARIABLES)[number], string>>;

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDistDir: string;
  /** The directory relative paths in the configuration (gateway key files) are resolved against. */
  workDir: string;
  sessionTtlMinutes: number;
  businessTimeZone: string;
  rateLimit: { perIpPerMinute: number; perAccountPerMinute: number; authPerIpPerMinute: number };
  smtp: { host: string; port: number; secure: boolean; user: string; pass: string; from: string } | undefined;
  /**
   * The SMS provider (SMS_PROVIDER aliyun or tencent, its keys, signature and template ids); unset,
   * SMS messages stay in the outbox, recorded, for operators to read.
   */
  sms: SmsSettings | undefined;
  logLevel: LogLevel;
  trustProxy: boolean;
  seedDemo: boolean;
  requestTimeoutMs: number;
  /**
   * The built-in sandbox payment gateway (demo and test installations only): off unless
   * PAYMENT_SANDBOX is on; `npm start` turns it on for the demo.
   */
  sandboxPayments: boolean;
  /** Real payment gateways (ALIPAY_*, UNIONPAY_*): read by the finance module (gateway-config.ts). */
  paymentGateways: PaymentGatewayEnv;
  /**
   * The key that seals secrets kept in the database (SECRETS_KEY, 32 bytes); undefined lets the
   * server make one in DATA_DIR (platform/secrets.ts).
   */
  secretsKey: Buffer | undefined;
  /** Resource lifecycle: how often the provisioning/metering/expiry step runs, and its grace periods. */
  lifecycle: LifecycleConfig;
  /**
   * CLOCK_START_AT: the instant Skyledger's clock reads at start-up (it then runs at real speed), to
   * show an hour's or a day's boundary without waiting for it; sandbox installations only.
   */
  clockStartAt: Date | undefined;
  /**
   * The metrics source of host monitoring (PROMETHEUS_URL): Prometheus scraping node-exporter on each
   * host, whose `instance` label is PROMETHEUS_INSTANCE with the host's address in place of
   * `{address}`. Unset: hosts show their provider's figures, simulated on the simulator.
   */
  prometheus: { url: string; instance: string } | undefined;
  /**
   * The OpenStack cloud tenants' networks are made on (OPENSTACK_*); undefined (OPENSTACK_AUTH_URL
   * unset) keeps the embedded simulator.
   */
  openstack: OpenStackConfig | undefined;
  /**
   * SIMULATOR_SSH_TARGET (`host:port`): simulated hosts have no guest, so remote login (`/webssh`)
   * to any of them is answered by this stand-in SSH server; unset, the page says the host is
   * simulated and has no SSH server.
   */
  simulatorSshTarget: string | undefined;
  /**
   * The provider's database servers tenants' databases are made on (RDS_POSTGRES_URL,
   * RDS_MYSQL_URL: an administrator's connection URL); an engine left unset is simulated
   * (decision 0022).
   */
  rds: { postgresUrl: string | undefined; mysqlUrl: string | undefined };
  /**
   * The provider's Redis 7 tenants' cache instances are made on (CACHE_REDIS_URL: an
   * administrator's URL); unset, the cache service is simulated (decision 0021).
   */
  cache: { redisUrl: string | undefined };
  /**
   * The provider's RabbitMQ tenants' message-queue instances are made on (DMS_RABBITMQ_URL: its
   * management API's URL with an administrator's credentials) and the AMQP address tenants are shown
   * (DMS_AMQP_HOST, default the management URL's host; DMS_AMQP_PORT, default 5672); unset, the
   * message-queue service is simulated (decision 0024).
   */
  queue: { rabbitmqUrl: string | undefined; amqpHost: string | undefined; amqpPort: number };
  /**
   * The S3 store tenants' buckets are made in (OBS_S3_ENDPOINT, a Swift proxy with s3api; OBS_REGION;
   * OBS_KEYSTONE_URL/USERNAME/PASSWORD/PROJECT/DOMAIN, an administrator who makes each organisation's
   * project, user and EC2 credentials and holds Swift's ResellerAdmin role; OBS_ACCESS_LOG_UDP, where
   * the store's access log arrives to count requests); unset, object storage is simulated (decision 0026).
   */
  objectStore:
    | {
        endpoint: string;
        region: string;
        keystone: { authUrl: string; username: string; password: string; project: string; domain: string };
        accessLogUdp: string | undefined;
      }
    | undefined;
  /**
   * The storage capacity rules' limits (packages/billing storage-capacity.ts) for cloud disks, file
   * shares and elastic files: scalings per rolling day and week (STORAGE_EXPANSIONS_PER_DAY,
   * STORAGE_EXPANSIONS_PER_WEEK) and the most one scaling may change (STORAGE_EXPANSION_MAX_STEP_GB).
   */
  storage: StorageScalingConfig;
};

export type StorageScalingConfig = { perDay: number; perWeek: number; maxStepGb: number };

/** How Skyledger signs in to OpenStack: a user with the admin role on `project` (decision 0014). */
export type OpenStackConfig = {
  /** Keystone's v3 address, e.g. http://controller:5000/v3. */
  authUrl: string;
  username: string;
  password: string;
  /** The project the user signs in to for Keystone's own calls (making organisations' projects). */
  project: string;
  /** The Keystone domain (by name) of that user and project, and of the projects Skyledger makes. */
  domain: string;
  /** The external network (name or id) routers take their gateway on. */
  publicNetwork: string;
};

export type LifecycleConfig = {
  /** Seconds between two runs of the lifecycle step (provisioning polls, metering, expiry). */
  tickSeconds: number;
  /** Simulator delays are multiplied by this percentage (100 = realistic; demos and browser tests use less). */
  simulatorSpeedPercent: number;
  /** Hours a postpaid resource in arrears keeps running before it is frozen. */
  arrearsGraceHours: number;
  /** Days an expired or frozen resource is kept before it is released. */
  retentionDays: number;
  /**
   * Days an order returned to its tenant (驳回 at level 1) waits to be resubmitted or withdrawn
   * before the system withdraws it and refunds it in full; 0 lets it wait forever.
   */
  returnedOrderDays: number;
  /**
   * A postpaid order needs money and credit available for at least this many hours of its price
   * (its hours are charged even beyond that, as debt; this keeps an empty account from starting).
   */
  postpaidMinimumHours: number;
};

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Start-up refused: `problems` holds one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (environment variables):\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

// A variable set to nothing (or blanks) counts as unset, as `VAR=` lines in env files mean.
const optional = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().optional(),
);

/** A variable whose text `parse` turns into a value, or undefined when it is not valid. */
function variable<T>(fallback: T, expected: string, example: string, parse: (text: string) => T | undefined) {
  return optional.transform((text, ctx): T => {
    if (text === undefined) return fallback;
    const value = parse(text.trim());
    if (value === undefined) {
      ctx.addIssue({
        code: "custom",
        message: `expected ${expected}, got "${text}"`,
        params: { example },
      });
      return z.NEVER;
    }
    return value;
  });
}

const int = (fallback: number, example: number, max = Number.MAX_SAFE_INTEGER) =>
  variable(
    fallback,
    max === Number.MAX_SAFE_INTEGER ? "a non-negative integer" : `a non-negative integer up to ${max}`,
    String(example),
    (text) => {
      const n = Number(text);
      return Number.isInteger(n) && n >= 0 && n <= max ? n : undefined;
    },
  );

const TRUE = ["1", "true", "yes", "on"];
const FALSE = ["0", "false", "no", "off"];
const bool = (fallback: boolean) =>
  variable(fallback, "true or false (also 1/0, yes/no, on/off)", fallback ? "false" : "true", (text) => {
    const t = text.toLowerCase();
    return TRUE.includes(t) ? true : FALSE.includes(t) ? false : undefined;
  });

const urlWith = (protocols: string[], text: string): string | undefined => {
  try {
    return protocols.includes(new URL(text).protocol) ? text : undefined;
  } catch {
    return undefined;
  }
};

/** A key given as base64: refused without repeating it, since the refusal goes to logs. */
const secretKey = optional.transform((text, ctx): Buffer | undefined => {
  if (text === undefined) return undefined;
  const key = parseSecretsKey(text.trim());
  if (!key) {
    ctx.addIssue({
      code: "custom",
      message: "expected 32 bytes in base64 (44 characters)",
      params: { example: "$(openssl rand -base64 32)" },
    });
    return z.NEVER;
  }
  return key;
});

const text = (fallback: string) => optional.transform((v) => v ?? fallback);

/** The OpenStack settings that come together (OPENSTACK_DOMAIN has a default). */
const OPENSTACK_REQUIRED = [
  "OPENSTACK_AUTH_URL",
  "OPENSTACK_USERNAME",
  "OPENSTACK_PASSWORD",
  "OPENSTACK_PROJECT",
  "OPENSTACK_PUBLIC_NETWORK",
] as const;

/** Object storage on a real S3 store (Swift with s3api, Keystone for its keys; decision 0026) comes together. */
const OBS_REQUIRED = [
  "OBS_S3_ENDPOINT",
  "OBS_KEYSTONE_URL",
  "OBS_KEYSTONE_USERNAME",
  "OBS_KEYSTONE_PASSWORD",
] as const;

/** An SMS provider needs its keys, its approved signature and the three templates' ids. */
const SMS_REQUIRED = [
  "SMS_ACCESS_KEY_ID",
  "SMS_ACCESS_KEY_SECRET",
  "SMS_SIGN_NAME",
  "SMS_TEMPLATE_CODE",
  "SMS_TEMPLATE_PASSWORD",
  "SMS_TEMPLATE_NOTICE",
] as const;

const paymentShape = Object.fromEntries(PAYMENT_GATEWAY_VARIABLES.map((name) => [name, optional])) as Record<
  (typeof PAYMENT_GATEWAY_VARIABLES)[number],
  typeof optional
>;

const schema = z
  .object({
    PORT: int(8080, 8080, 65_535),
    HOST: text("localhost"),
    PUBLIC_URL: variable<string | undefined>(
      undefined,
      "an http:// or https:// address",
      "https://console.example.com",
      (t) => urlWith(["http:", "https:"], t),
    ),
    DATABASE_URL: variable<string | undefined>(
      undefined,
      "a postgres:// URL",
      "postgres://skyledger:secret@db:5432/skyledger",
      (t) => urlWith(["postgres:", "postgresql:"], t),
    ),
    DATA_DIR: text("data"),
    WEB_DIST_DIR: text("apps/web/dist"),
    SESSION_TTL_MINUTES: int(60, 60),
    BUSINESS_TZ: variable(DEFAULT_TIME_ZONE, "an IANA time zone name", DEFAULT_TIME_ZONE, (t) =>
      isTimeZone(t) ? t : undefined,
    ),
    RATE_LIMIT_IP_PER_MINUTE: int(1200, 1200),
    RATE_LIMIT_ACCOUNT_PER_MINUTE: int(600, 600),
    RATE_LIMIT_AUTH_PER_MINUTE: int(30, 30),
    SMTP_HOST: optional,
    SMTP_PORT: int(587, 465, 65_535),
    SMTP_SECURE: bool(false),
    SMTP_USER: text(""),
    SMTP_PASS: text(""),
    SMTP_FROM: text("Skyledger <no-reply@skyledger.local>"),
    LOG_LEVEL: variable<LogLevel>("info", `one of ${LOG_LEVELS.join(", ")}`, "warn", (t) =>
      LOG_LEVELS.find((l) => l === t.toLowerCase()),
    ),
    TRUST_PROXY: bool(false),
    SEED_DEMO: bool(true),
    PAYMENT_SANDBOX: bool(false),
    LIFECYCLE_TICK_SECONDS: int(5, 5),
    SIMULATOR_DELAY_PERCENT: int(100, 100),
    ARREARS_GRACE_HOURS: int(24, 24),
    RETENTION_DAYS: int(7, 7),
    STORAGE_EXPANSIONS_PER_DAY: int(DEFAULT_STORAGE_LIMITS.perDay, 1, 24),
    STORAGE_EXPANSIONS_PER_WEEK: int(DEFAULT_STORAGE_LIMITS.perWeek, 3, 168),
    STORAGE_EXPANSION_MAX_STEP_GB: int(DEFAULT_STORAGE_LIMITS.maxStepGb, 200, 450),
    RETURNED_ORDER_DAYS: int(15, 15),
    POSTPAID_MINIMUM_HOURS: int(24, 24),
    SECRETS_KEY: secretKey,
    PROMETHEUS_URL: variable<string | undefined>(
      undefined,
      "an http:// or https:// address",
      "http://127.0.0.1:9090",
      (t) => urlWith(["http:", "https:"], t),
    ),
    PROMETHEUS_INSTANCE: variable(
      "{address}:9100",
      'a label value containing "{address}"',
      "{address}:9100",
      (t) => (t.includes("{address}") ? t : undefined),
    ),
    CLOCK_START_AT: variable<Date | undefined>(
      undefined,
      "an ISO 8601 instant with its offset",
      "2026-11-01T08:59:30+08:00",
      (t) =>
        /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(t) && !Number.isNaN(Date.parse(t))
          ? new Date(t)
          : undefined,
    ),
    OPENSTACK_AUTH_URL: variable<string | undefined>(
      undefined,
      "an http:// or https:// address of Keystone v3",
      "http://127.0.0.1:5000/v3",
      (t) => urlWith(["http:", "https:"], t),
    ),
    OPENSTACK_USERNAME: optional,
    // Never repeated in a message: refusals go to logs.
    OPENSTACK_PASSWORD: optional,
    OPENSTACK_PROJECT: optional,
    OPENSTACK_DOMAIN: text("Default"),
    OPENSTACK_PUBLIC_NETWORK: optional,
    SIMULATOR_SSH_TARGET: variable<string | undefined>(
      undefined,
      "host:port of an SSH server",
      "127.0.0.1:2222",
      (t) => (/^[A-Za-z0-9.-]+:\d{1,5}$/.test(t) && Number(t.split(":")[1]) <= 65_535 ? t : undefined),
    ),
    // Never repeated in a message: they carry the administrator's password.
    RDS_POSTGRES_URL: variable<string | undefined>(
      undefined,
      "a postgres:// connection URL",
      "postgres://postgres@127.0.0.1:5432/postgres",
      (t) => urlWith(["postgres:", "postgresql:"], t),
    ),
    RDS_MYSQL_URL: variable<string | undefined>(
      undefined,
      "a mysql:// connection URL",
      "mysql://root@127.0.0.1:3306",
      (t) => urlWith(["mysql:"], t),
    ),
    CACHE_REDIS_URL: variable<string | undefined>(
      undefined,
      "a redis:// URL",
      "redis://default:secret@127.0.0.1:6379",
      (t) => urlWith(["redis:", "rediss:"], t),
    ),
    DMS_RABBITMQ_URL: variable<string | undefined>(
      undefined,
      "an http:// or https:// URL of the RabbitMQ management API",
      "http://admin:secret@127.0.0.1:15672",
      (t) => urlWith(["http:", "https:"], t),
    ),
    DMS_AMQP_HOST: optional,
    DMS_AMQP_PORT: int(5672, 5672, 65_535),
    OBS_S3_ENDPOINT: variable<string | undefined>(
      undefined,
      "an http:// or https:// URL of the S3 endpoint (a Swift proxy with s3api)",
      "http://127.0.0.1:8080",
      (t) => urlWith(["http:", "https:"], t),
    ),
    OBS_REGION: text("RegionOne"),
    OBS_KEYSTONE_URL: variable<string | undefined>(
      undefined,
      "an http:// or https:// URL of Keystone's v3 API",
      "http://127.0.0.1:5000/v3",
      (t) => urlWith(["http:", "https:"], t),
    ),
    OBS_KEYSTONE_USERNAME: optional,
    OBS_KEYSTONE_PASSWORD: optional,
    OBS_KEYSTONE_PROJECT: text("admin"),
    OBS_KEYSTONE_DOMAIN: text("Default"),
    OBS_ACCESS_LOG_UDP: variable<string | undefined>(
      undefined,
      "host:port of a UDP address to receive the store's access log on",
      "127.0.0.1:5514",
      (t) => (/^[^\s:]+:\d{1,5}$/.test(t) && Number(t.split(":").at(-1)) <= 65_535 ? t : undefined),
    ),
    SMS_PROVIDER: variable<SmsProvider | undefined>(
      undefined,
      `one of ${SMS_PROVIDERS.join(", ")}`,
      "aliyun",
      (t) => SMS_PROVIDERS.find((p) => p === t.toLowerCase()),
    ),
    SMS_ACCESS_KEY_ID: optional,
    SMS_ACCESS_KEY_SECRET: optional,
    SMS_SIGN_NAME: optional,
    SMS_SDK_APP_ID: optional,
    SMS_REGION: optional,
    SMS_ENDPOINT: variable<string | undefined>(
      undefined,
      "an http:// or https:// URL of the provider's SMS API",
      "https://dysmsapi.aliyuncs.com",
      (t) => urlWith(["http:", "https:"], t),
    ),
    SMS_TEMPLATE_CODE: optional,
    SMS_TEMPLATE_PASSWORD: optional,
    SMS_TEMPLATE_NOTICE: optional,
    ...paymentShape,
  })
  .superRefine((e, ctx) => {
    // Half a set of OpenStack settings would silently leave tenants on the simulator, or fail at
    // the first network made: refuse it at start-up, naming each variable missing.
    const set = OPENSTACK_REQUIRED.filter((name) => e[name] !== undefined);
    if (set.length === 0) return;
    for (const name of OPENSTACK_REQUIRED) {
      if (e[name] !== undefined) continue;
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `needed with ${set.join(", ")}: set all of ${OPENSTACK_REQUIRED.join(", ")}, or none to keep the simulator`,
      });
    }
  })
  .superRefine((e, ctx) => {
    // Half of object storage's settings would leave tenants on the simulator unnoticed.
    const set = OBS_REQUIRED.filter((name) => e[name] !== undefined);
    if (set.length === 0) return;
    for (const name of OBS_REQUIRED) {
      if (e[name] !== undefined) continue;
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `needed with ${set.join(", ")}: set all of ${OBS_REQUIRED.join(", ")}, or none to keep the simulator`,
      });
    }
  })
  .superRefine((e, ctx) => {
    // A provider without its keys or templates would fail every message at the first send.
    if (!e.SMS_PROVIDER) return;
    const needed = e.SMS_PROVIDER === "tencent" ? [...SMS_REQUIRED, "SMS_SDK_APP_ID" as const] : SMS_REQUIRED;
    for (const name of needed) {
      if (e[name] !== undefined) continue;
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `needed with SMS_PROVIDER=${e.SMS_PROVIDER}: set all of ${needed.join(", ")}, or unset SMS_PROVIDER to keep SMS in the outbox`,
      });
    }
  })
  // A limit of 0 would refuse every scaling, a week with less room than a day makes the day's limit a lie.
  .refine((e) => e.STORAGE_EXPANSIONS_PER_DAY >= 1 && e.STORAGE_EXPANSION_MAX_STEP_GB >= 1, {
    path: ["STORAGE_EXPANSIONS_PER_DAY"],
    message: "the scalings a day and the GB a scaling may change must be at least 1",
  })
  .refine((e) => e.STORAGE_EXPANSIONS_PER_WEEK >= e.STORAGE_EXPANSIONS_PER_DAY, {
    path: ["STORAGE_EXPANSIONS_PER_WEEK"],
    message: "the scalings a week must be at least the scalings a day",
  })
  // A clock that is not the real one charges real money at the wrong hours: only where no money is real.
  .refine((e) => e.CLOCK_START_AT === undefined || e.PAYMENT_SANDBOX, {
    path: ["CLOCK_START_AT"],
    message:
      "a moved clock is only for sandbox installations: set PAYMENT_SANDBOX=true, or leave CLOCK_START_AT unset",
  });

function smsSettings(e: z.infer<typeof schema>): SmsSettings | undefined {
  const provider = e.SMS_PROVIDER;
  if (!provider) return undefined;
  const must = (v: string | undefined) => (v ?? "").trim();
  return {
    provider,
    accessKeyId: must(e.SMS_ACCESS_KEY_ID),
    // A secret is taken as given: blanks may be part of it.
    accessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? "",
    signName: must(e.SMS_SIGN_NAME),
    sdkAppId: e.SMS_SDK_APP_ID?.trim(),
    region: e.SMS_REGION?.trim() || SMS_DEFAULTS[provider].region,
    endpoint: (e.SMS_ENDPOINT?.trim() || SMS_DEFAULTS[provider].endpoint).replace(/\/+$/, ""),
    templates: {
      code: must(e.SMS_TEMPLATE_CODE),
      password: must(e.SMS_TEMPLATE_PASSWORD),
      notice: must(e.SMS_TEMPLATE_NOTICE),
    },
  };
}

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const example = issue.code === "custom" ? issue.params?.example : undefined;
        return `${name}: ${issue.message}${example ? ` (for example ${name}=${example})` : ""}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR),
    workDir: cwd,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    businessTimeZone: e.BUSINESS_TZ,
    rateLimit: {
      perIpPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      perAccountPerMinute: e.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      authPerIpPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    },
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST.trim(),
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM,
        }
      : undefined,
    sms: smsSettings(e),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    requestTimeoutMs: 50_000,
    sandboxPayments: e.PAYMENT_SANDBOX,
    secretsKey: e.SECRETS_KEY,
    paymentGateways: Object.fromEntries(
      PAYMENT_GATEWAY_VARIABLES.flatMap((name) => {
        const value = e[name];
        return value ? [[name, value.trim()]] : [];
      }),
    ),
    lifecycle: {
      tickSeconds: e.LIFECYCLE_TICK_SECONDS,
      simulatorSpeedPercent: e.SIMULATOR_DELAY_PERCENT,
      arrearsGraceHours: e.ARREARS_GRACE_HOURS,
      retentionDays: e.RETENTION_DAYS,
      returnedOrderDays: e.RETURNED_ORDER_DAYS,
      postpaidMinimumHours: e.POSTPAID_MINIMUM_HOURS,
    },
    clockStartAt: e.CLOCK_START_AT,
    openstack:
      e.OPENSTACK_AUTH_URL &&
      e.OPENSTACK_USERNAME &&
      e.OPENSTACK_PASSWORD &&
      e.OPENSTACK_PROJECT &&
      e.OPENSTACK_PUBLIC_NETWORK
        ? {
            authUrl: e.OPENSTACK_AUTH_URL.trim().replace(/\/+$/, ""),
            username: e.OPENSTACK_USERNAME.trim(),
            // A password is taken as given: blanks may be part of it.
            password: e.OPENSTACK_PASSWORD,
            project: e.OPENSTACK_PROJECT.trim(),
            domain: e.OPENSTACK_DOMAIN.trim(),
            publicNetwork: e.OPENSTACK_PUBLIC_NETWORK.trim(),
          }
        : undefined,
    prometheus: e.PROMETHEUS_URL ? { url: e.PROMETHEUS_URL, instance: e.PROMETHEUS_INSTANCE } : undefined,
    simulatorSshTarget: e.SIMULATOR_SSH_TARGET,
    rds: { postgresUrl: e.RDS_POSTGRES_URL, mysqlUrl: e.RDS_MYSQL_URL },
    cache: { redisUrl: e.CACHE_REDIS_URL },
    queue: { rabbitmqUrl: e.DMS_RABBITMQ_URL, amqpHost: e.DMS_AMQP_HOST, amqpPort: e.DMS_AMQP_PORT },
    objectStore:
      e.OBS_S3_ENDPOINT && e.OBS_KEYSTONE_URL && e.OBS_KEYSTONE_USERNAME && e.OBS_KEYSTONE_PASSWORD
        ? {
            endpoint: e.OBS_S3_ENDPOINT.trim().replace(/\/+$/, ""),
            region: e.OBS_REGION.trim(),
            keystone: {
              authUrl: e.OBS_KEYSTONE_URL.trim().replace(/\/+$/, ""),
              username: e.OBS_KEYSTONE_USERNAME.trim(),
              password: e.OBS_KEYSTONE_PASSWORD,
              project: e.OBS_KEYSTONE_PROJECT.trim(),
              domain: e.OBS_KEYSTONE_DOMAIN.trim(),
            },
            accessLogUdp: e.OBS_ACCESS_LOG_UDP,
          }
        : undefined,
    storage: {
      perDay: e.STORAGE_EXPANSIONS_PER_DAY,
      perWeek: e.STORAGE_EXPANSIONS_PER_WEEK,
      maxStepGb: e.STORAGE_EXPANSION_MAX_STEP_GB,
    },
  };
}
