import {
  type ConfigEntry,
  type ConfigKey,
  DEFAULT_PASSWORD_POLICY,
  type DictCategory,
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  isMoneyControlKey,
  type PasswordPolicy,
  type PolicyKind,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import {
  allConfigRows,
  allConfigValues,
  configRowsOf,
  currentPolicyDocument,
  dictionaryOf,
  insertPolicyDocument,
  latestPolicyVersion,
  policyDocumentVersions,
  publicConfigRows,
  publicConfigRowsOfType,
  readConfigValues,
  writeConfigValue,
} from "./config.repo";
import { DEFAULT_LOCKOUT_POLICY } from "./config.seed";

export type LockoutPolicy = typeof DEFAULT_LOCKOUT_POLICY;

// Entries are read on hot paths (session lifetime, step-up); a short cache keeps several
// instances consistent within seconds of an operator's change.
const CACHE_MS = 5_000;

export type ConfigService = ReturnType<typeof createConfigService>;

type EntryRow = Omit<ConfigEntry, "description" | "updatedAt"> & {
  description: string | null;
  updatedAt: Date;
};
const entryOut = (r: EntryRow): ConfigEntry => ({
  configKey: r.configKey,
  configValue: r.configValue,
  configType: r.configType,
  description: r.description ?? undefined,
  updatedAt: r.updatedAt.toISOString(),
});
const docOut = <D extends { publishedAt: Date }>(d: D) => ({
  ...d,
  publishedAt: d.publishedAt.toISOString(),
});

export function createConfigService(db: Db, clock: Clock, audit: Audit) {
  let cache: { at: number; values: Map<string, string> } | undefined;
  let versionsCache: { at: number; versions: { agreement: number; privacy: number } } | undefined;
  // Dictionaries come from the seed and are not edited at run time.
  const dictionaries = new Map<
    DictCategory,
    { code: string; labelZh: string; labelEn: string; sort: number }[]
  >();

  async function values(): Promise<Map<string, string>> {
    const now = clock.now().getTime();
    if (cache && now - cache.at < CACHE_MS && now >= cache.at) return cache.values;
    cache = { at: now, values: await allConfigValues(db) };
    return cache.values;
  }

  async function get(key: ConfigKey): Promise<string | undefined> {
    return (await values()).get(key);
  }

  function parseJson<T extends object>(text: string | undefined, fallback: T): T {
    if (!text) return fallback;
    try {
      return { ...fallback, ...(JSON.parse(text) as Partial<T>) };
    } catch {
      return fallback;
    }
  }

  return {
    get,
    async flag(key: ConfigKey): Promise<boolean> {
      return (await get(key)) === "true";
    },
    async sessionTtlMinutes(): Promise<number> {
      const n = Number(await get("session.expire.time"));
      return Number.isInteger(n) && n > 0 ? n : 60;
    },
    async passwordPolicy(): Promise<PasswordPolicy> {
      return parseJson(await get("password.policy"), DEFAULT_PASSWORD_POLICY);
    },
    async lockoutPolicy(): Promise<LockoutPolicy> {
      return parseJson(await get("lockout.policy"), DEFAULT_LOCKOUT_POLICY);
    },
    listAll: async () => (await allConfigRows(db)).map(entryOut),
    listPublic: () => publicConfigRows(db),
    /** What anyone may read before signing in: the public entries and the policy texts' versions. */
    async publicSettings() {
      const [rows, versions] = await Promise.all([publicConfigRows(db), this.policyVersions()]);
      return {
        configs: rows.map(entryOut),
        agreementVersion: versions.agreement,
        privacyVersion: versions.privacy,
      };
    },
    listByType: async (query: EndpointQuery<typeof endpoints.config.listByType>) =>
      (await publicConfigRowsOfType(db, query.configType)).map(entryOut),
    /** Drops the cached values (after a change committed elsewhere, e.g. an approved proposal). */
    invalidate() {
      cache = undefined;
    },
    async update(ctx: RequestContext, { entries }: EndpointBody<typeof endpoints.config.update>) {
      const actorId = ctx.actor.userId;
      // Money-control settings change only through a proposal a second administrator approves.
      const guarded = entries.find((e) => isMoneyControlKey(e.configKey));
      if (guarded) throw new DomainError("CONFIG_NEEDS_APPROVAL", { key: guarded.configKey });
      for (const e of entries) validateEntry(e.configKey, e.configValue);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const keys = entries.map((e) => e.configKey);
        const before = await readConfigValues(tx, keys);
        for (const e of entries) await writeConfigValue(tx, e.configKey, e.configValue, actorId, now);
        // Who changed which setting from what to what, committed with the change itself.
        const changed = entries
          .filter((e) => before.get(e.configKey) !== e.configValue)
          .map((e) => ({
            configKey: e.configKey,
            configValue: e.configValue,
            previousValue: before.get(e.configKey) ?? null,
          }));
        if (changed.length > 0)
          await audit.record(tx, {
            action: "config.updated",
            ...ctx.auditBy,
            orgId: null,
            target: null,
            detail: { entries: changed },
          });
      });
      cache = undefined;
      const rows = await configRowsOf(
        db,
        entries.map((e) => e.configKey),
      );
      return rows.map(entryOut);
    },
    async dictionary(category: DictCategory) {
      const known = dictionaries.get(category);
      if (known) return known;
      const rows = await dictionaryOf(db, category);
      dictionaries.set(category, rows);
      return rows;
    },
    async currentPolicy(kind: PolicyKind) {
      const doc = await currentPolicyDocument(db, kind);
      if (!doc) throw new DomainError("NOT_FOUND");
      return docOut(doc);
    },
    async policyVersions(): Promise<{ agreement: number; privacy: number }> {
      const now = clock.now().getTime();
      if (versionsCache && now - versionsCache.at < CACHE_MS && now >= versionsCache.at)
        return versionsCache.versions;
      const rows = await policyDocumentVersions(db);
      const of = (k: PolicyKind) => rows.find((r) => r.kind === k)?.version ?? 0;
      const versions = { agreement: of("agreement"), privacy: of("privacy") };
      versionsCache = { at: now, versions };
      return versions;
    },
    async publishPolicy(ctx: RequestContext, body: EndpointBody<typeof endpoints.config.publishAgreement>) {
      const { kind, contentZh, contentEn } = body;
      versionsCache = undefined;
      const doc = await db.transaction(async (tx) => {
        const version = (await latestPolicyVersion(tx, kind)) + 1;
        return insertPolicyDocument(tx, {
          kind,
          version,
          contentZh,
          contentEn,
          publishedAt: clock.now(),
          publishedBy: ctx.actor.userId,
        });
      });
      return docOut(doc);
    },
  };
}

const BOOLEAN_KEYS: ConfigKey[] = [
  "register.enable",
  "captcha.open",
  "email.enable",
  "audit.status.self.service",
  "sms.stepup.enable",
  "sms.stepup.operator.money",
];

// Money-control amounts stay below 10 000 000 000 yuan: a batch of 500 vouchers at the maximum face
// value, and a day's sum of requests, stay far inside the ledger's 64-bit balances.
const YUAN = /^\d{1,10}(\.\d{1,5})?$/;

/** Operators edit raw strings; each key keeps the shape the code reading it relies on. */
export function validateEntry(key: ConfigKey, value: string): void {
  const bad = () => {
    throw new DomainError("CONFIG_VALUE_INVALID", { key });
  };
  if (BOOLEAN_KEYS.includes(key) && value !== "true" && value !== "false") bad();
  if (key === "session.expire.time") {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 5 || n > 1440) bad();
  }
  if (key === "system.name" && (value.trim().length < 2 || value.length > 64)) bad();
  if (
    (key === "logo.small" || key === "logo.large") &&
    value !== "" &&
    !/^data:image\/(png|jpeg|svg\+xml|webp);base64,/.test(value)
  ) {
    bad();
  }
  if (key === "finance.adjustment.approval.threshold" && !YUAN.test(value)) bad();
  // A maximum of 0 would refuse every amount: the smallest is one unit (0.00001 yuan).
  if (key.startsWith("finance.max.") && (!YUAN.test(value) || !/[1-9]/.test(value))) bad();
  if ((key === "logo.small" || key === "logo.large") && value.length > 280_000) bad();
  if (key === "password.policy") {
    const p = tryJson(value);
    const ok =
      p &&
      isInt(p.minLength, 6, 32) &&
      isInt(p.maxLength, 6, 64) &&
      (p.minLength as number) <= (p.maxLength as number) &&
      isInt(p.minDistinct, 1, 32) &&
      isInt(p.expiryDays, 0, 3650);
    if (!ok) bad();
  }
  if (key === "lockout.policy") {
    const p = tryJson(value);
    if (
      !p ||
      !isInt(p.maxFailures, 1, 100) ||
      !isInt(p.windowMinutes, 1, 1440) ||
      !isInt(p.lockMinutes, 1, 10_080)
    )
      bad();
  }
}

function tryJson(value: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isInt(v: unknown, min: number, max: number): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
}
