// Environment configuration (platform/config.ts): one zod schema; a bad variable stops start-up with
// a line naming it, what is wrong and an example; blank means unset; the payment gateways' variables
// are handed to the finance module as given, and platform/ imports no module to read them.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/platform/config";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, "/srv/skyledger");
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe("environment configuration", () => {
  it("has the README's defaults", () => {
    const c = loadConfig({}, "/srv/skyledger");
    expect(c).toMatchObject({
      port: 8080,
      host: "localhost",
      publicUrl: "http://localhost:8080",
      databaseUrl: undefined,
      dataDir: "/srv/skyledger/data",
      webDistDir: "/srv/skyledger/apps/web/dist",
      sessionTtlMinutes: 60,
      businessTimeZone: "Asia/Shanghai",
      rateLimit: { perIpPerMinute: 1200, perAccountPerMinute: 600, authPerIpPerMinute: 30 },
      smtp: undefined,
      logLevel: "info",
      trustProxy: false,
      seedDemo: true,
      sandboxPayments: false,
      paymentGateways: {},
      lifecycle: {
        tickSeconds: 5,
        simulatorSpeedPercent: 100,
        arrearsGraceHours: 24,
        retentionDays: 7,
        returnedOrderDays: 15,
        postpaidMinimumHours: 24,
      },
      clockStartAt: undefined,
      openstack: undefined,
    });
  });

  it("reads the OpenStack settings as one set, with Default as the domain", () => {
    const env = {
      OPENSTACK_AUTH_URL: " http://127.0.0.1:5000/v3/ ",
      OPENSTACK_USERNAME: "skyledger",
      OPENSTACK_PASSWORD: " s3cret pass ",
      OPENSTACK_PROJECT: "admin",
      OPENSTACK_PUBLIC_NETWORK: "public",
    };
    expect(loadConfig(env).openstack).toEqual({
      authUrl: "http://127.0.0.1:5000/v3",
      username: "skyledger",
      password: " s3cret pass ",
      project: "admin",
      domain: "Default",
      publicNetwork: "public",
    });
    expect(loadConfig({ ...env, OPENSTACK_DOMAIN: "cloud" }).openstack?.domain).toBe("cloud");
  });

  it("reads an SMS provider with its keys and templates, and the provider's endpoint and region by default", () => {
    const env = {
      SMS_PROVIDER: "Tencent",
      SMS_ACCESS_KEY_ID: " AKIDexample ",
      SMS_ACCESS_KEY_SECRET: " secret with blanks ",
      SMS_SIGN_NAME: "天空账本",
      SMS_SDK_APP_ID: "1400000001",
      SMS_TEMPLATE_CODE: "1001",
      SMS_TEMPLATE_PASSWORD: "1002",
      SMS_TEMPLATE_NOTICE: "1003",
    };
    expect(loadConfig(env).sms).toEqual({
      provider: "tencent",
      accessKeyId: "AKIDexample",
      accessKeySecret: " secret with blanks ",
      signName: "天空账本",
      sdkAppId: "1400000001",
      region: "ap-guangzhou",
      endpoint: "https://sms.tencentcloudapi.com",
      templates: { code: "1001", password: "1002", notice: "1003" },
    });
    const aliyun = loadConfig({ ...env, SMS_PROVIDER: "aliyun", SMS_ENDPOINT: "http://127.0.0.1:9/" }).sms;
    expect(aliyun).toMatchObject({
      provider: "aliyun",
      region: "cn-hangzhou",
      endpoint: "http://127.0.0.1:9",
    });
    expect(loadConfig({}).sms).toBeUndefined();
  });

  it("refuses an SMS provider without what it needs, naming each variable, and an unknown provider", () => {
    expect(
      problemsOf({
        SMS_PROVIDER: "tencent",
        SMS_ACCESS_KEY_ID: "id",
        SMS_ACCESS_KEY_SECRET: "s3cret-value",
      }).map((p) => p.split(":")[0]),
    ).toEqual([
      "SMS_SIGN_NAME",
      "SMS_TEMPLATE_CODE",
      "SMS_TEMPLATE_PASSWORD",
      "SMS_TEMPLATE_NOTICE",
      "SMS_SDK_APP_ID",
    ]);
    expect(problemsOf({ SMS_PROVIDER: "twilio" })).toEqual([
      'SMS_PROVIDER: expected one of aliyun, tencent, got "twilio" (for example SMS_PROVIDER=aliyun)',
    ]);
  });

  it("refuses half a set of OpenStack settings, naming each missing one and never the password", () => {
    const problems = problemsOf({
      OPENSTACK_AUTH_URL: "http://127.0.0.1:5000/v3",
      OPENSTACK_PASSWORD: "hunter2-secret",
      OPENSTACK_PUBLIC_NETWORK: "",
    });
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "OPENSTACK_USERNAME",
      "OPENSTACK_PROJECT",
      "OPENSTACK_PUBLIC_NETWORK",
    ]);
    expect(problems[0]).toBe(
      "OPENSTACK_USERNAME: needed with OPENSTACK_AUTH_URL, OPENSTACK_PASSWORD: set all of OPENSTACK_AUTH_URL, OPENSTACK_USERNAME, OPENSTACK_PASSWORD, OPENSTACK_PROJECT, OPENSTACK_PUBLIC_NETWORK, or none to keep the simulator",
    );
    expect(problems.join("\n")).not.toContain("hunter2");
    expect(problemsOf({ OPENSTACK_PASSWORD: "hunter2-secret" })[0]).toMatch(
      /^OPENSTACK_AUTH_URL: needed with/,
    );
  });

  it("reads the message-queue settings: the simulator when unset, the AMQP address defaulting to the URL's host", () => {
    expect(loadConfig({}).queue).toEqual({ rabbitmqUrl: undefined, amqpHost: undefined, amqpPort: 5672 });
    const url = "http://admin:secret@mq1.internal:15672";
    expect(
      loadConfig({ DMS_RABBITMQ_URL: url, DMS_AMQP_HOST: "mq.example.com", DMS_AMQP_PORT: "5671" }).queue,
    ).toEqual({ rabbitmqUrl: url, amqpHost: "mq.example.com", amqpPort: 5671 });
  });

  it("reads every variable, a blank one as unset", () => {
    const c = loadConfig(
      {
        PORT: "9090",
        PUBLIC_URL: "https://console.example.com/",
        DATABASE_URL: "postgresql://u:p@db:5432/sky",
        BUSINESS_TZ: "Europe/Berlin",
        SMTP_HOST: " mail.example.com ",
        SMTP_PORT: "465",
        SMTP_SECURE: "YES",
        LOG_LEVEL: "WARN",
        TRUST_PROXY: "1",
        SEED_DEMO: "off",
        PAYMENT_SANDBOX: "true",
        HOST: "",
        RETENTION_DAYS: " ",
        ALIPAY_APP_ID: " 2021000000000001 ",
        UNIONPAY_MER_ID: "",
      },
      "/srv/skyledger",
    );
    expect(c).toMatchObject({
      port: 9090,
      host: "localhost",
      publicUrl: "https://console.example.com",
      databaseUrl: "postgresql://u:p@db:5432/sky",
      businessTimeZone: "Europe/Berlin",
      smtp: { host: "mail.example.com", port: 465, secure: true },
      logLevel: "warn",
      trustProxy: true,
      seedDemo: false,
      sandboxPayments: true,
      paymentGateways: { ALIPAY_APP_ID: "2021000000000001" },
      workDir: "/srv/skyledger",
    });
    expect(c.lifecycle.retentionDays).toBe(7);
  });

  it.each([
    [
      "PORT",
      "eighty",
      'PORT: expected a non-negative integer up to 65535, got "eighty" (for example PORT=8080)',
    ],
    [
      "PORT",
      "70000",
      'PORT: expected a non-negative integer up to 65535, got "70000" (for example PORT=8080)',
    ],
    [
      "RETURNED_ORDER_DAYS",
      "-1",
      'RETURNED_ORDER_DAYS: expected a non-negative integer, got "-1" (for example RETURNED_ORDER_DAYS=15)',
    ],
    [
      "PUBLIC_URL",
      "console.example.com",
      'PUBLIC_URL: expected an http:// or https:// address, got "console.example.com" (for example PUBLIC_URL=https://console.example.com)',
    ],
    [
      "DATABASE_URL",
      "mysql://db/sky",
      'DATABASE_URL: expected a postgres:// URL, got "mysql://db/sky" (for example DATABASE_URL=postgres://skyledger:secret@db:5432/skyledger)',
    ],
    [
      "BUSINESS_TZ",
      "China/Beijing",
      'BUSINESS_TZ: expected an IANA time zone name, got "China/Beijing" (for example BUSINESS_TZ=Asia/Shanghai)',
    ],
    [
      "TRUST_PROXY",
      "maybe",
      'TRUST_PROXY: expected true or false (also 1/0, yes/no, on/off), got "maybe" (for example TRUST_PROXY=true)',
    ],
    [
      "SEED_DEMO",
      "nope",
      'SEED_DEMO: expected true or false (also 1/0, yes/no, on/off), got "nope" (for example SEED_DEMO=false)',
    ],
    [
      "LOG_LEVEL",
      "verbose",
      'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "verbose" (for example LOG_LEVEL=warn)',
    ],
    [
      "OPENSTACK_AUTH_URL",
      "keystone:5000",
      'OPENSTACK_AUTH_URL: expected an http:// or https:// address of Keystone v3, got "keystone:5000" (for example OPENSTACK_AUTH_URL=http://127.0.0.1:5000/v3)',
    ],
    [
      "DMS_RABBITMQ_URL",
      "amqp://guest:guest@127.0.0.1:5672",
      'DMS_RABBITMQ_URL: expected an http:// or https:// URL of the RabbitMQ management API, got "amqp://guest:guest@127.0.0.1:5672" (for example DMS_RABBITMQ_URL=http://admin:secret@127.0.0.1:15672)',
    ],
    [
      "DMS_AMQP_PORT",
      "amqp",
      'DMS_AMQP_PORT: expected a non-negative integer up to 65535, got "amqp" (for example DMS_AMQP_PORT=5672)',
    ],
    [
      "SMTP_PORT",
      "smtp",
      'SMTP_PORT: expected a non-negative integer up to 65535, got "smtp" (for example SMTP_PORT=465)',
    ],
  ])("refuses %s=%j with its own line", (name, value, line) => {
    expect(problemsOf({ [name]: value })).toEqual([line]);
  });

  it("names every bad variable at once, in a message fit to print", () => {
    const env = { PORT: "x", RETENTION_DAYS: "1.5", PAYMENT_SANDBOX: "sometimes" };
    expect(problemsOf(env).map((p) => p.split(":")[0])).toEqual([
      "PORT",
      "PAYMENT_SANDBOX",
      "RETENTION_DAYS",
    ]);
    expect(() => loadConfig(env)).toThrow(
      /^Invalid configuration \(environment variables\):\n {2}PORT: .*\n {2}PAYMENT_SANDBOX: .*\n {2}RETENTION_DAYS: /,
    );
  });

  it("moves the clock only on a sandbox installation, to an instant given with its offset", () => {
    const at = "2026-11-01T08:59:30+08:00";
    expect(loadConfig({ CLOCK_START_AT: at, PAYMENT_SANDBOX: "true" }).clockStartAt?.toISOString()).toBe(
      "2026-11-01T00:59:30.000Z",
    );
    expect(problemsOf({ CLOCK_START_AT: at })).toEqual([
      "CLOCK_START_AT: a moved clock is only for sandbox installations: set PAYMENT_SANDBOX=true, or leave CLOCK_START_AT unset",
    ]);
    // Without an offset the instant would depend on the machine's time zone.
    expect(problemsOf({ CLOCK_START_AT: "2026-11-01T08:59:30", PAYMENT_SANDBOX: "true" })).toEqual([
      'CLOCK_START_AT: expected an ISO 8601 instant with its offset, got "2026-11-01T08:59:30" (for example CLOCK_START_AT=2026-11-01T08:59:30+08:00)',
    ]);
  });

  it("reads host metrics from Prometheus only when given its address, with an instance template", () => {
    expect(loadConfig({}).prometheus).toBeUndefined();
    expect(loadConfig({ PROMETHEUS_URL: "http://127.0.0.1:9090" }).prometheus).toEqual({
      url: "http://127.0.0.1:9090",
      instance: "{address}:9100",
    });
    expect(problemsOf({ PROMETHEUS_URL: "127.0.0.1:9090", PROMETHEUS_INSTANCE: "node-1:9100" })).toEqual([
      'PROMETHEUS_URL: expected an http:// or https:// address, got "127.0.0.1:9090" (for example PROMETHEUS_URL=http://127.0.0.1:9090)',
      'PROMETHEUS_INSTANCE: expected a label value containing "{address}", got "node-1:9100" (for example PROMETHEUS_INSTANCE={address}:9100)',
    ]);
  });

  it("stops the server at start-up with those lines and no stack trace", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: "eighty",
        BUSINESS_TZ: "Mars/Olympus",
        DATA_DIR: "/nonexistent/skyledger",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Skyledger failed to start: Invalid configuration (environment variables):");
    expect(run.stderr).toContain('PORT: expected a non-negative integer up to 65535, got "eighty"');
    expect(run.stderr).toContain('BUSINESS_TZ: expected an IANA time zone name, got "Mars/Olympus"');
    expect(run.stderr).not.toContain("    at ");
  });

  it("is read by platform/ without importing any module", () => {
    const source = readFileSync(path.join(REPO_ROOT, "apps/server/src/platform/config.ts"), "utf8");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports.filter((i) => i?.includes("modules/"))).toEqual([]);
  });
});
