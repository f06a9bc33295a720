// An operator account holding built-in operator role sets only, inserted straight into the tables
// (creating one through the API asks the administrator's SMS step-up), and signed in.
import { randomUUID } from "node:crypto";
import { ROLE } from "../../src/modules/iam/iam.repo";
import { userPermissionSets, users } from "../../src/modules/iam/iam.schema";
import { hashPassword } from "../../src/platform/passwords";
import { signedIn } from "./client";
import { unique } from "./flows";
import type { TestApp } from "./harness";

export async function operatorHolding(t: TestApp, roleSetKeys: readonly string[]) {
  const id = randomUUID();
  const credentials = { account: `rl${unique()}`.slice(0, 16), password: "Roles@2027x" };
  const createdAt = t.clock.now();
  await t.database.db.insert(users).values({
    id,
    account: credentials.account,
    passwordHash: await hashPassword(credentials.password),
    roleId: ROLE.operator,
    agreedPrivacyVersion: 1,
    agreedAgreementVersion: 1,
    loginNotFirst: true,
    createdAt,
    pwdChangedAt: createdAt,
  });
  for (const key of roleSetKeys)
    await t.database.db.insert(userPermissionSets).values({ userId: id, permissionSetId: `builtin:${key}` });
  return signedIn(t.app, t.clock, credentials);
}
