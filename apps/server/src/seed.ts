// Idempotent seed, run on every start: configuration, dictionaries, policy texts, built-in roles,
// permission sets, and (unless SEED_DEMO=false) what the README's journeys need: the demo accounts
// and invitation codes, a catalogue with products without approval and with a one-level and a
// two-level approval flow, and listed discount and resource package offers. (There are no
// announcements to seed: the console has no announcement feature yet.)
import { seedCatalog } from "./modules/catalog/catalog.seed";
import {
  readConfigValues,
  seedConfigEntry,
  seedDictItem,
  seedPolicyDocument,
} from "./modules/config/config.repo";
import {
  DEFAULT_AGREEMENT,
  DEFAULT_PRIVACY,
  DICTIONARIES,
  defaultConfigEntries,
} from "./modules/config/config.seed";
import { seedDemoCluster } from "./modules/hpc/hpc.seed";
import {
  addToGroup,
  createTenantGroups,
  insertOrganization,
  ROLE,
  seedBuiltIns,
} from "./modules/iam/iam.repo";
import { insertSet } from "./modules/iam/permission-sets.repo";
import { findUserById, grantSetToUser, insertUser, insertUserIfNew } from "./modules/iam/users.repo";
import { insertInvitationIfNew } from "./modules/invitations/invitations.repo";
import { seedPlatformAccounts } from "./modules/ledger/ledger.service";
import { seedDemoPackageOffers } from "./modules/packages/packages.seed";
import type { Clock } from "./platform/clock";
import type { Db } from "./platform/db/client";
import { hashPassword } from "./platform/passwords";

export const DEMO_ACCOUNTS = [
  { account: "admin", password: "Admin@2026", role: "platform administrator" },
  { account: "demotenant", password: "Tenant@2026", role: "tenant administrator (verified)" },
  { account: "demoreader", password: "Reader@2026", role: "tenant sub-user (cost centre read-only)" },
  {
    account: "approver",
    password: "Approver@2026",
    role: "second platform administrator (approves what admin asks above the four-eyes threshold)",
  },
] as const;

export const DEMO_INVITATION_CODES = ["SKY-DEMO-2026", "SKY-WELCOME-01"] as const;

const DEMO_ORG_ID = "00000000-0000-4000-8000-000000000001";
const ADMIN_ID = "00000000-0000-4000-8000-000000000101";
const TENANT_ID = "00000000-0000-4000-8000-000000000102";
const READER_ID = "00000000-0000-4000-8000-000000000103";
const APPROVER_ID = "00000000-0000-4000-8000-000000000104";

export async function seed(
  db: Db,
  clock: Clock,
  options: { sessionTtlMinutes: number; demo: boolean },
): Promise<void> {
  const now = clock.now();
  for (const e of defaultConfigEntries(options.sessionTtlMinutes)) {
    // Operators own the values; a release may change what an entry is and who may read it.
    await seedConfigEntry(db, {
      configKey: e.key,
      configValue: e.value,
      configType: e.type,
      description: e.description,
      isPublic: e.isPublic,
      updatedAt: now,
    });
  }
  for (const [category, rows] of Object.entries(DICTIONARIES)) {
    for (const [i, row] of rows.entries()) {
      await seedDictItem(db, { category, code: row.code, labelZh: row.zh, labelEn: row.en, sort: i + 1 });
    }
  }
  for (const [kind, text] of [
    ["agreement", DEFAULT_AGREEMENT],
    ["privacy", DEFAULT_PRIVACY],
  ] as const) {
    await seedPolicyDocument(db, {
      kind,
      version: 1,
      contentZh: text.zh,
      contentEn: text.en,
      publishedAt: now,
    });
  }
  await seedBuiltIns(db, now);
  await seedPlatformAccounts(db, now);
  await seedCatalog(db, now, { demo: options.demo });
  if (options.demo) {
    await seedDemoCluster(db, now);
    await seedDemo(db, now);
    await seedDemoApprover(db, now);
    await seedDemoPackageOffers(db, now);
  }
}

/**
 * Whether an earlier start seeded this database: the seed's first step, the configuration, is there.
 * main.ts then seeds after listening instead of before (the seed still runs, to add what a new
 * release brings, but the first request does not wait for a second of upserts that change nothing).
 */
export async function hasBeenSeeded(db: Db): Promise<boolean> {
  const [first] = defaultConfigEntries(0);
  return (await readConfigValues(db, [first!.key])).size > 0;
}

/**
 * A second platform administrator, so that the four-eyes rules (money requests above the
 * threshold, money-control settings) can be tried in the demo: one asks, the other approves.
 * Added to demo databases seeded before it existed, too. It has no e-mail address: the demo's
 * approval and activation e-mails keep going to `admin` alone.
 */
async function seedDemoApprover(db: Db, now: Date): Promise<void> {
  if (await findUserById(db, APPROVER_ID)) return;
  await insertUserIfNew(db, {
    id: APPROVER_ID,
    account: "approver",
    email: null,
    mobile: "13800000004",
    realName: "复核管理员",
    passwordHash: await hashPassword("Approver@2026"),
    roleId: ROLE.platformAdmin,
    loginNotFirst: true,
    pwdChangedAt: now,
    createdAt: now,
  });
}

async function seedDemo(db: Db, now: Date): Promise<void> {
  if (await findUserById(db, ADMIN_ID)) return;
  const [admin, tenant, reader] = await Promise.all(
    DEMO_ACCOUNTS.slice(0, 3).map((a) => hashPassword(a.password)),
  );
  await db.transaction(async (tx) => {
    const base = { loginNotFirst: true, pwdChangedAt: now, createdAt: now, mobileVerifiedAt: now };
    await insertUser(tx, {
      ...base,
      id: ADMIN_ID,
      account: "admin",
      email: "admin@skyledger.local",
      mobile: "13800000001",
      realName: "平台管理员",
      passwordHash: admin!,
      roleId: ROLE.platformAdmin,
    });
    await insertOrganization(tx, {
      id: DEMO_ORG_ID,
      name: "Demo AI Lab",
      industry: "ai",
      applicationScenario: "model_training",
      personnelSize: "21-100",
      address: "Beijing Haidian",
      email: "ops@demo-ai-lab.example",
      phone: "13800000002",
      createdAt: now,
    });
    await insertUser(tx, {
      ...base,
      id: TENANT_ID,
      account: "demotenant",
      email: "owner@demo-ai-lab.example",
      mobile: "13800000002",
      realName: "张三",
      passwordHash: tenant!,
      orgId: DEMO_ORG_ID,
      roleId: ROLE.tenantAdmin,
      certificationStatus: "authSucceed",
      authType: "personal",
    });
    await insertUser(tx, {
      ...base,
      id: READER_ID,
      account: "demoreader",
      email: "finance@demo-ai-lab.example",
      mobile: "13800000003",
      realName: "李四",
      passwordHash: reader!,
      orgId: DEMO_ORG_ID,
      parentId: TENANT_ID,
      roleId: ROLE.subUser,
    });
    const groups = await createTenantGroups(tx, DEMO_ORG_ID, now);
    await addToGroup(tx, groups.get("administrator")!, TENANT_ID);
    // The sub-user holds one narrow custom set: the overview and read-only bills.
    await insertSet(tx, {
      id: "00000000-0000-4000-8000-000000000201",
      name: "Bills read-only",
      description: "Overview and bills",
      orgId: DEMO_ORG_ID,
      builtIn: false,
      codes: ["CA", "CC03"],
      createdAt: now,
    });
    await grantSetToUser(tx, READER_ID, "00000000-0000-4000-8000-000000000201");
    for (const code of DEMO_INVITATION_CODES) {
      await insertInvitationIfNew(tx, {
        code,
        remark: "demo",
        maxUses: 1000,
        createdAt: now,
        createdBy: ADMIN_ID,
      });
    }
  });
}
