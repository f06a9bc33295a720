// Every environment variable Skyledger reads, with its default. The README's configuration table
// mirrors this file.
import path from "node:path";
import { loadPaymentsConfig, type PaymentsConfig } from "./payments-config";

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDistDir: string;
  sessionTtlMinutes: number;
  businessTimeZone: string;
  rateLimit: { perIpPerMinute: number; perAccountPerMinute: number; authPerIpPerMinute: number };
  smtp: { host: string; port: number; secure: boolean; user: string; pass: string; from: string } | undefined;
  logLevel: string;
  trustProxy: boolean;
  seedDemo: boolean;
  requestTimeoutMs: number;
  /**
   * The built-in sandbox payment gateway (demo and test installations only): off unless
   * PAYMENT_SANDBOX is on; `npm start` turns it on for the demo.
   */
  sandboxPayments: boolean;
  /** Real payment gateways (ALIPAY_*, UNIONPAY_*): a channel is on once all its variables are valid. */
  payments?: PaymentsConfig;
  /** Resource lifecycle: how often the provisioning/metering/expiry step runs, and its grace periods. */
  lifecycle: LifecycleConfig;
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

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a non-negative integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const port = int(env.PORT, 8080);
  const smtpHost = env.SMTP_HOST?.trim();
  return {
    port,
    host: env.HOST ?? "localhost",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(cwd, env.DATA_DIR ?? "data"),
    webDistDir: path.resolve(cwd, env.WEB_DIST_DIR ?? "apps/web/dist"),
    sessionTtlMinutes: int(env.SESSION_TTL_MINUTES, 60),
    businessTimeZone: env.BUSINESS_TZ ?? "Asia/Shanghai",
    rateLimit: {
      perIpPerMinute: int(env.RATE_LIMIT_IP_PER_MINUTE, 1200),
      perAccountPerMinute: int(env.RATE_LIMIT_ACCOUNT_PER_MINUTE, 600),
      authPerIpPerMinute: int(env.RATE_LIMIT_AUTH_PER_MINUTE, 30),
    },
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: int(env.SMTP_PORT, 587),
          secure: bool(env.SMTP_SECURE, false),
          user: env.SMTP_USER ?? "",
          pass: env.SMTP_PASS ?? "",
          from: env.SMTP_FROM ?? "Skyledger <no-reply@skyledger.local>",
        }
      : undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: bool(env.TRUST_PROXY, false),
    seedDemo: bool(env.SEED_DEMO, true),
    requestTimeoutMs: 50_000,
    sandboxPayments: bool(env.PAYMENT_SANDBOX, false),
    payments: loadPaymentsConfig(env, cwd),
    lifecycle: {
      tickSeconds: int(env.LIFECYCLE_TICK_SECONDS, 5),
      simulatorSpeedPercent: int(env.SIMULATOR_DELAY_PERCENT, 100),
      arrearsGraceHours: int(env.ARREARS_GRACE_HOURS, 24),
      retentionDays: int(env.RETENTION_DAYS, 7),
      returnedOrderDays: int(env.RETURNED_ORDER_DAYS, 15),
      postpaidMinimumHours: int(env.POSTPAID_MINIMUM_HOURS, 24),
    },
  };
}
