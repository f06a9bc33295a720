// Tenant side of verification: the tenant administrator submits personal or enterprise documents;
// everyone of the organisation reads its state. States (spec §4): noAuth → authing → authSucceed or
// authFiled, and authFiled may submit again. Every submission is kept.
import {
  type AuthInfo,
  allowedExtensions,
  type CompanyAuthSubmit,
  type IdDocumentType,
  isValidCreditCode,
  isValidIdNumber,
  MAX_ATTACHMENTS,
  type PersonalAuthSubmit,
  type UploadPurpose,
  type VerificationKind,
  type VerificationRecord,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { FileService } from "../../platform/blobs/files.service";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { ROLE } from "../iam/iam.repo";
import type { UserSessions } from "../iam/user-sessions";
import { toRecord } from "./verification.records";
import {
  certificationOfUser,
  findVerification,
  insertVerification,
  latestOfOrg,
  orgCertification,
  startReview,
  userIdsOfOrg,
} from "./verification.repo";

type Deps = { db: Db; clock: Clock; files: FileService; audit: Audit; sessions: UserSessions };

/** What each photo of a document is, for the message that asks for a missing one. */
const PHOTOS: Record<IdDocumentType, Record<"portrait" | "emblem", { zh: string; en: string }>> = {
  idCard: {
    portrait: { zh: "身份证人像面照片", en: "the portrait side of the ID card" },
    emblem: { zh: "身份证国徽面照片", en: "the national-emblem side of the ID card" },
  },
  passport: {
    portrait: { zh: "护照个人资料页照片", en: "the passport's photo page" },
    emblem: { zh: "签证或居留许可页照片", en: "the visa or residence-permit page" },
  },
};

const WHAT = {
  license: { zh: "营业执照等证件文件", en: "the business licence (or certificate) file" },
  attorney: { zh: "授权委托书附件", en: "the power of attorney attachment" },
};

/** Where the organisation's verification state moves to "under review" only from these states. */
const MAY_SUBMIT = ["noAuth", "authFiled"] as const;

export function createVerificationService(deps: Deps) {
  const { db, clock, files, audit, sessions } = deps;

  function assertSubmitter(ctx: RequestContext): string {
    const orgId = ctx.ownTenant();
    if (ctx.actor.roleId !== ROLE.tenantAdmin) throw new DomainError("VERIFICATION_ADMIN_ONLY");
    return orgId;
  }

  function refuseByState(status: string | undefined): never {
    if (status === "authing") throw new DomainError("VERIFICATION_IN_REVIEW");
    if (status === "authSucceed") throw new DomainError("VERIFICATION_DONE");
    throw new DomainError("NOT_FOUND");
  }

  async function assertMaySubmit(ctx: RequestContext): Promise<void> {
    const me = await certificationOfUser(db, ctx.actor.userId);
    if (!MAY_SUBMIT.includes(me?.status as (typeof MAY_SUBMIT)[number])) refuseByState(me?.status);
  }

  /** The caller's own uploads of `purpose`; another user's (or an unknown) id is not found. */
  async function ownFiles(ctx: RequestContext, purpose: UploadPurpose, ids: string[]): Promise<void> {
    const found = new Map((await files.ownedBy(db, ctx.actor.userId, ids)).map((f) => [f.id, f]));
    for (const id of ids) {
      const file = found.get(id);
      if (!file) throw new DomainError("NOT_FOUND");
      if (file.purpose !== purpose) {
        throw new DomainError("FILE_TYPE_INVALID", {
          name: file.name,
          allowed: allowedExtensions(purpose).join(", "),
        });
      }
    }
  }

  async function submit(
    ctx: RequestContext,
    kind: VerificationKind,
    documentType: IdDocumentType,
    details: Record<string, string>,
    fileIds: Record<string, string | string[]>,
  ): Promise<VerificationRecord> {
    const orgId = assertSubmitter(ctx);
    const { userId } = ctx.actor;
    const now = clock.now();
    const id = newId();
    const row = await db.transaction(async (tx) => {
      if (!(await startReview(tx, userId, kind, MAY_SUBMIT))) {
        refuseByState((await certificationOfUser(tx, userId))?.status);
      }
      const inserted = await insertVerification(tx, {
        id,
        orgId,
        userId,
        kind,
        status: "authing",
        documentType,
        details,
        files: fileIds,
        submittedAt: now,
      });
      await audit.record(tx, {
        action: "verification.submitted",
        ...ctx.auditBy,
        target: id,
        detail: { verificationKind: kind, documentType },
      });
      return inserted;
    });
    for (const member of await userIdsOfOrg(db, orgId)) sessions.forgetUser(member);
    return toRecord(db, files, row, { mask: true });
  }

  return {
    async submitPersonal(ctx: RequestContext, body: PersonalAuthSubmit) {
      assertSubmitter(ctx);
      await assertMaySubmit(ctx);
      // A passport's number has no check digit to verify; its form is the schema's.
      if (body.documentType === "idCard" && !isValidIdNumber(body.idNumber, clock.now()))
        throw new DomainError("ID_NUMBER_INVALID");
      const photos = PHOTOS[body.documentType];
      const portrait = body.portraitFileId || "";
      const emblem = body.emblemFileId || "";
      if (!portrait) throw new DomainError("FILE_REQUIRED", { what: photos.portrait });
      // One photo cannot stand for both pages of the document.
      if (!emblem || emblem === portrait) throw new DomainError("FILE_REQUIRED", { what: photos.emblem });
      await ownFiles(ctx, "idPhoto", [portrait, emblem]);
      return submit(
        ctx,
        "personal",
        body.documentType,
        { realName: body.realName, idNumber: body.idNumber },
        { portrait, emblem },
      );
    },

    async submitCompany(ctx: RequestContext, body: CompanyAuthSubmit) {
      assertSubmitter(ctx);
      await assertMaySubmit(ctx);
      if (!isValidCreditCode(body.licenseNumber)) throw new DomainError("CREDIT_CODE_INVALID");
      if (!isValidIdNumber(body.legalPersonIdNumber, clock.now())) throw new DomainError("ID_NUMBER_INVALID");
      const license = body.licenseFileId || "";
      if (!license) throw new DomainError("FILE_REQUIRED", { what: WHAT.license });
      const attorney = [...new Set(body.attorneyFileIds.filter(Boolean))].filter((f) => f !== license);
      if (attorney.length === 0) throw new DomainError("FILE_REQUIRED", { what: WHAT.attorney });
      if (attorney.length > MAX_ATTACHMENTS)
        throw new DomainError("TOO_MANY_FILES", { max: MAX_ATTACHMENTS });
      await ownFiles(ctx, "verificationAttachment", [license, ...attorney]);
      return submit(
        ctx,
        "company",
        "idCard",
        {
          certificateType: body.certificateType,
          companyName: body.companyName,
          licenseNumber: body.licenseNumber,
          legalPerson: body.legalPerson,
          legalPersonIdNumber: body.legalPersonIdNumber,
          contactPerson: body.contactPerson,
          contactPhone: body.contactPhone,
        },
        { license, attorney },
      );
    },

    /** The organisation's state (a sub-user sees its administrator's) and its latest submission. */
    async info({ actor: principal }: RequestContext): Promise<AuthInfo> {
      const me = await certificationOfUser(db, principal.userId);
      const state = (principal.orgId ? await orgCertification(db, principal.orgId) : undefined) ?? me;
      const status = state?.status ?? "noAuth";
      const latest = principal.orgId ? await latestOfOrg(db, principal.orgId) : undefined;
      const type = state?.type === "personal" || state?.type === "company" ? state.type : null;
      return {
        certificationStatus: status,
        authentStatus: status,
        remark: state?.remark ?? null,
        type,
        canSubmit:
          principal.orgId !== null &&
          principal.roleId === ROLE.tenantAdmin &&
          MAY_SUBMIT.includes(status as (typeof MAY_SUBMIT)[number]),
        latest: latest ? await toRecord(db, files, latest, { mask: true }) : null,
      };
    },

    /** One submission of the caller's organisation; any other id is not found. */
    async record(ctx: RequestContext, id: string): Promise<VerificationRecord> {
      const row = await findVerification(db, id);
      if (!row || !ctx.tenantId || row.orgId !== ctx.tenantId) throw new DomainError("NOT_FOUND");
      return toRecord(db, files, row, { mask: true });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
