// Operator side of verification (BA05): the review queue, a submission's details and documents,
// and the decision, which moves the tenant's state, is audited and is sent to the tenant.
import type {
  EndpointQuery,
  endpoints,
  Page,
  VerificationDecision,
  VerificationDetail,
  VerificationRow as VerificationRowDto,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { FileService } from "../../platform/blobs/files.service";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { Messaging } from "../../platform/outbox/messaging";
import type { RequestContext } from "../../platform/request-context";
import type { UserSessions } from "../iam/user-sessions";
import { contactsOfUser } from "../iam/users.repo";
import { toRecord } from "./verification.records";
import {
  accountsOf,
  decidePending,
  detailRow,
  findVerification,
  queueRows,
  queueTotal,
  setCertification,
  userIdsOfOrg,
  type VerificationRow,
} from "./verification.repo";

type Deps = {
  db: Db;
  clock: Clock;
  files: FileService;
  audit: Audit;
  sessions: UserSessions;
  messaging: Messaging;
};

const subjectOf = (row: VerificationRow) =>
  (row.kind === "personal" ? row.details.realName : row.details.companyName) ?? "";

// The tenant's language is not known here: the message carries both.
function decisionMessage(approved: boolean, remark: string) {
  return approved
    ? {
        subject: "【Skyledger】实名认证已通过 / Verification approved",
        body:
          "您的实名认证已通过审核，现在可以开通服务。\n" +
          "Your verification was approved: you can now provision services.",
      }
    : {
        subject: "【Skyledger】实名认证未通过 / Verification rejected",
        body:
          `您的实名认证未通过审核。审核意见：${remark}\n请根据审核意见修改资料后重新提交。\n` +
          `Your verification was rejected. Reviewer's remark: ${remark}\nCorrect your documents accordingly and submit them again.`,
      };
}

export function createVerificationReviewService(deps: Deps) {
  const { db, clock, files, audit, sessions, messaging } = deps;

  /** Queues the decision's e-mail and SMS to the submitter in `tx`, the decision's transaction. */
  async function notify(tx: Tx, userId: string, approved: boolean, remark: string): Promise<void> {
    const user = await contactsOfUser(tx, userId);
    const message = decisionMessage(approved, remark);
    const purpose = approved ? "verification.approved" : "verification.rejected";
    if (!user) return;
    await messaging.notify(tx, {
      to: user,
      type: "system",
      purpose,
      title: message.subject,
      body: message.body,
      channels: ["email", "sms"],
    });
  }

  return {
    queue(filter: EndpointQuery<typeof endpoints.verification.list>): Promise<Page<VerificationRowDto>> {
      return pageOf(
        filter,
        (limit, offset) => queueRows(db, filter, limit, offset),
        queueTotal(db, filter),
        ({ v, account, orgName }) => ({
          id: v.id,
          kind: v.kind,
          status: v.status,
          documentType: v.documentType,
          account,
          orgName,
          subject: subjectOf(v),
          submittedAt: v.submittedAt.toISOString(),
          reviewedAt: v.reviewedAt?.toISOString() ?? null,
        }),
      );
    },

    async detail(id: string): Promise<VerificationDetail> {
      const row = await detailRow(db, id);
      if (!row) throw new DomainError("NOT_FOUND");
      const reviewers = await accountsOf(db, row.v.reviewerId ? [row.v.reviewerId] : []);
      return {
        ...(await toRecord(db, files, row.v, { mask: false })),
        userSid: row.user.id,
        account: row.user.account,
        email: row.user.email,
        mobile: row.user.mobile,
        orgSid: row.v.orgId,
        orgName: row.orgName,
        reviewer: row.v.reviewerId ? (reviewers.get(row.v.reviewerId) ?? null) : null,
      };
    },

    async decide(ctx: RequestContext, input: VerificationDecision): Promise<{ ok: true }> {
      const remark = input.remark.trim();
      if (!input.approved && !remark) throw new DomainError("REMARK_REQUIRED");
      const status = input.approved ? "authSucceed" : "authFiled";
      const now = clock.now();
      const decided = await db.transaction(async (tx) => {
        // Conditional on "still pending": of two decisions at once, the second finds nothing to move.
        const row = await decidePending(tx, input.id, {
          status,
          remark: remark || null,
          reviewerId: ctx.actor.userId,
          reviewedAt: now,
        });
        if (!row) {
          const existing = await findVerification(tx, input.id);
          throw new DomainError(existing ? "VERIFICATION_NOT_PENDING" : "NOT_FOUND");
        }
        // An approved personal verification fixes the account's real name to the verified one.
        const verifiedName =
          input.approved && row.kind === "personal" && row.details.realName
            ? { realName: row.details.realName }
            : {};
        await setCertification(tx, row.userId, {
          certificationStatus: status,
          authRemark: remark || null,
          authType: row.kind,
          ...verifiedName,
        });
        await audit.record(tx, {
          action: input.approved ? "verification.approved" : "verification.rejected",
          ...ctx.auditBy,
          orgId: row.orgId,
          target: row.id,
          // The applicant by account, not by id.
          detail: {
            account: (await accountsOf(tx, [row.userId])).get(row.userId) ?? null,
            verificationKind: row.kind,
            ...(remark ? { remark } : {}),
          },
        });
        await notify(tx, row.userId, input.approved, remark);
        return row;
      });
      const affected = decided.orgId ? await userIdsOfOrg(db, decided.orgId) : [decided.userId];
      for (const userId of affected) sessions.forgetUser(userId);
      return { ok: true };
    },
  };
}

export type VerificationReviewService = ReturnType<typeof createVerificationReviewService>;
