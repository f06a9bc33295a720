// Tenant sign-up (spec §2): an organisation and its administrator, spending an invitation code and
// the SMS code sent to the phone.
import {
  checkPassword,
  type PublicExistsQuery,
  passwordProblemText,
  type RegisterBody,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { hashPassword } from "../../platform/passwords";
import type { ConfigService } from "../config/config.service";
import { contactConflict } from "../iam/access-control";
import { addToGroup, createTenantGroups, insertOrganization, ROLE } from "../iam/iam.repo";
import { insertUser, valueInUse } from "../iam/users.repo";
import type { InvitationService } from "../invitations/invitations.service";
import type { CodeService } from "./codes.service";

export function createRegisterService(deps: {
  db: Db;
  clock: Clock;
  config: ConfigService;
  codes: CodeService;
  invitations: InvitationService;
  audit: Audit;
}) {
  const { db, clock, config, codes, invitations, audit } = deps;

  async function checkDictionaries(body: RegisterBody): Promise<void> {
    const [industries, scenarios, sizes] = await Promise.all([
      config.dictionary("INDUSTRY_TYPE"),
      config.dictionary("APPLICATION_SCENARIO"),
      config.dictionary("PERSONNEL_SIZE"),
    ]);
    const ok =
      industries.some((d) => d.code === body.industry) &&
      scenarios.some((d) => d.code === body.applicationScenario) &&
      sizes.some((d) => d.code === body.personnelSize);
    if (!ok) throw new DomainError("PARAM_INVALID");
  }

  return {
    /**
     * The sign-up form's look-up of spec §7: whether a user name, e-mail or phone is taken. While
     * captcha is open it needs a rightly answered captcha (each serves a few look-ups), so that a
     * script cannot walk a list of names; the auth rate limit applies either way.
     */
    async lookUp(query: PublicExistsQuery): Promise<{ exists: boolean }> {
      if (await config.flag("captcha.open"))
        await codes.requireCaptchaForLookup(query.captchaId, query.captcha);
      return { exists: await valueInUse(db, query.field, query.value) };
    },

    async register(body: RegisterBody, ip: string): Promise<{ userSid: string }> {
      if (!(await config.flag("register.enable"))) throw new DomainError("REGISTER_DISABLED");
      if (!body.agreement) throw new DomainError("AGREEMENT_NOT_TICKED");
      if (body.password !== body.confirmPassword) throw new DomainError("PASSWORD_CONFIRM_MISMATCH");
      const policy = await config.passwordPolicy();
      const problems = checkPassword(body.password, policy);
      if (problems.length)
        throw new DomainError("PASSWORD_POLICY", { reason: passwordProblemText(problems, policy) });
      await checkDictionaries(body);
      // Whether a user name, e-mail or phone is taken is told only to a caller holding a valid
      // invitation code and the SMS code sent to the phone, so the form cannot probe for accounts.
      // The code is checked here and spent only once the sign-up can go ahead.
      if (!(await invitations.isValid(body.invitationCode))) throw new DomainError("INVITATION_INVALID");
      if (!(await codes.check(body.mobile, "register", body.smsCode, false)))
        throw new DomainError("SMS_CODE_INVALID");
      if (await valueInUse(db, "account", body.account)) throw new DomainError("ACCOUNT_EXISTS");
      if (await valueInUse(db, "email", body.email)) throw new DomainError("EMAIL_EXISTS");
      if (await valueInUse(db, "mobile", body.mobile)) throw new DomainError("MOBILE_EXISTS");

      const now = clock.now();
      const orgId = newId();
      const userId = newId();
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction(async (tx) => {
          await codes.requireCode(body.mobile, "register", body.smsCode, tx);
          await insertOrganization(tx, {
            id: orgId,
            name: body.companyName,
            industry: body.industry,
            applicationScenario: body.applicationScenario,
            personnelSize: body.personnelSize,
            address: body.address || null,
            email: body.email.toLowerCase(),
            phone: body.mobile,
            createdAt: now,
          });
          await insertUser(tx, {
            id: userId,
            account: body.account,
            email: body.email.toLowerCase(),
            mobile: body.mobile,
            // The sign-up code just went to this phone and came back.
            mobileVerifiedAt: now,
            passwordHash,
            orgId,
            roleId: ROLE.tenantAdmin,
            // The tenant chose this password themselves, so no forced first-login change.
            loginNotFirst: true,
            pwdChangedAt: now,
            createdAt: now,
          });
          await invitations.consume(tx, body.invitationCode, userId);
          const groups = await createTenantGroups(tx, orgId, now);
          await addToGroup(tx, groups.get("administrator")!, userId);
          await audit.record(tx, { action: "register", actorId: userId, orgId, target: userId, ip });
        });
      } catch (err) {
        contactConflict(err);
      }
      return { userSid: userId };
    },
  };
}
