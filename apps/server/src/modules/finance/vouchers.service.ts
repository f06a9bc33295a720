// Cash vouchers (spec §3): top-up vouchers and deduction vouchers with face value, balance and
// validity. Money enters the ledger when a tenant holds the voucher (issued to them or redeemed by
// code); an expired or voided voucher's remaining balance goes back to the promotions account.
import { randomBytes } from "node:crypto";
import { formatYuan, type Money } from "@skyledger/billing";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId, randomDigits } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { documentNo } from "../../platform/time-zone";
import { orgExists } from "../iam/users.repo";
import { accountMovements, insertAccount, lockAccount } from "../ledger/ledger.repo";
import { lockFunding, PLATFORM, postEntry, settleArrears } from "../ledger/ledger.service";
import {
  insertVoucher,
  type ListedVoucher,
  listedBatch,
  listedVouchersByCode,
  markVoucherGranted,
  orgVoucher,
  setVoucherStatus,
  type VoucherFilter,
  type VoucherRow,
  voucherByCodeForUpdate,
  voucherById,
  voucherForUpdate,
  vouchersCount,
  vouchersPage,
  vouchersPastValidity,
} from "./vouchers.repo";

function voucherCode(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const chars = Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join("");
  return `CV-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12)}`;
}

export type VouchersService = ReturnType<typeof createVouchersService>;

export function createVouchersService(db: Db, clock: Clock, timeZone: string) {
  const audit = createAudit(clock);
  const toDto = ({ v, balance, orgName }: ListedVoucher) => ({
    id: v.id,
    code: v.code,
    kind: v.kind,
    faceValue: formatYuan(v.faceValue),
    balance: formatYuan(v.status === "undistributed" ? v.faceValue : (balance ?? 0n)),
    status: v.status,
    validFrom: v.validFrom.toISOString(),
    validUntil: v.validUntil.toISOString(),
    receivedAt: v.receivedAt?.toISOString() ?? null,
    orgId: v.orgId,
    orgName,
    batchNo: v.batchNo,
    remark: v.remark,
  });

  /** Gives a voucher to an organisation: its account is created and funded from promotions. */
  async function grant(tx: Tx, v: VoucherRow, orgId: string, actorId: string | null, now: Date) {
    // The tenant's money sources first, as every money movement takes them: the promotions account
    // locked below is taken after them by a refund to a closed voucher too (the other order deadlocked).
    await lockFunding(tx, orgId, now);
    const accountId = `voucher:${v.id}`;
    await insertAccount(tx, { id: accountId, orgId, kind: "voucher", createdAt: now });
    await markVoucherGranted(tx, v.id, { orgId, accountId, receivedAt: now });
    await postEntry(tx, {
      orgId,
      kind: "voucher_issue",
      referenceType: "cash_voucher",
      referenceId: v.code,
      memo: { key: v.kind === "topup" ? "voucherTopup" : "voucherDeduction", params: { code: v.code } },
      createdBy: actorId,
      now,
      lines: [
        { accountId: PLATFORM.promotions, amount: -v.faceValue },
        { accountId, amount: v.faceValue },
      ],
    });
    // A tenant who owes settles the debt from the voucher first, as from any money arriving.
    await settleArrears(tx, { orgId, now, createdBy: actorId });
  }

  /** Returns what is left on a voucher to promotions, ending it as expired or voided. */
  async function close(
    tx: Tx,
    v: VoucherRow,
    status: "expired" | "voided",
    actorId: string | null,
    now: Date,
  ) {
    if (v.accountId) {
      const account = await lockAccount(tx, v.accountId);
      if (account && account.balance > 0n) {
        await postEntry(tx, {
          orgId: v.orgId,
          kind: status === "expired" ? "voucher_expire" : "voucher_void",
          referenceType: "cash_voucher",
          referenceId: v.code,
          createdBy: actorId,
          now,
          lines: [
            { accountId: v.accountId, amount: -account.balance },
            { accountId: PLATFORM.promotions, amount: account.balance },
          ],
        });
      }
    }
    await setVoucherStatus(tx, v.id, status);
  }

  /**
   * A voucher locked for closing. A charge locks its holder's accounts (the voucher's among them)
   * before it updates the voucher's row, so the holder's accounts are locked here before the row:
   * the row first and the account second deadlocked with a charge on PostgreSQL (found by the
   * randomized ledger run). A voucher redeemed between the read and the lock is locked after it.
   */
  async function voucherToClose(tx: Tx, id: string, now: Date): Promise<VoucherRow | undefined> {
    const seen = await voucherById(tx, id);
    if (seen?.orgId) await lockFunding(tx, seen.orgId, now);
    const v = await voucherForUpdate(tx, id);
    if (v?.orgId && v.orgId !== seen?.orgId) await lockFunding(tx, v.orgId, now);
    return v;
  }

  type IssueInput = {
    kind: "deduction" | "topup";
    faceValue: Money;
    count: number;
    validFrom: Date;
    validUntil: Date;
    orgId?: string | undefined;
    remark: string;
  };

  /**
   * Issues a batch in the caller's transaction and answers its number. No four-eyes check here:
   * operators issue through VoucherIssuesService, which applies it and calls this.
   */
  async function issueIn(tx: Tx, input: IssueInput, actorId: string): Promise<string> {
    const now = clock.now();
    if (input.orgId && !(await orgExists(tx, input.orgId))) throw new DomainError("NOT_FOUND");
    // A batch is the rows that share its number, which no index can keep unique: eight random
    // digits make two batches of the same second share one about once in 10^8 (three digits did once
    // in a thousand: two batches of one test were read back as one).
    const batchNo = documentNo("CVB", now, timeZone, randomDigits(8));
    for (let i = 0; i < input.count; i++) {
      const row = await insertVoucher(tx, {
        id: newId(),
        code: voucherCode(),
        kind: input.kind,
        faceValue: input.faceValue,
        status: "undistributed",
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        batchNo,
        remark: input.remark,
        createdBy: actorId,
        createdAt: now,
      });
      if (input.orgId) await grant(tx, row, input.orgId, actorId, now);
    }
    return batchNo;
  }

  /** The vouchers of a batch, read in the caller's transaction. */
  async function batch(tx: Tx, batchNo: string) {
    const rows = await listedBatch(tx, batchNo);
    return rows.map(toDto);
  }

  /** `outer`: the caller's transaction (the redemption is a savepoint in it) or the handle. */
  async function redeemIn(outer: Tx, orgId: string, code: string, userId: string) {
    const now = clock.now();
    const normalized = code.trim().toUpperCase();
    return outer.transaction(async (tx) => {
      const v = await voucherByCodeForUpdate(tx, normalized);
      if (!v) throw new DomainError("CASH_VOUCHER_NOT_FOUND");
      if (v.status !== "undistributed" || v.validUntil.getTime() <= now.getTime()) {
        throw new DomainError("CASH_VOUCHER_UNAVAILABLE");
      }
      await grant(tx, v, orgId, userId, now);
      return { id: v.id, code: v.code, kind: v.kind, faceValue: formatYuan(v.faceValue) };
    });
  }

  function list(filter: VoucherFilter & PageRequest) {
    return pageOf(
      filter,
      (limit, offset) => vouchersPage(db, filter, limit, offset),
      vouchersCount(db, filter),
      toDto,
    );
  }

  return {
    issueIn,
    batch,

    /** Issues a batch in a transaction of its own (tests and seeding; operators go through four-eyes). */
    async issue(input: IssueInput, actorId: string) {
      const batchNo = await db.transaction((tx) => issueIn(tx, input, actorId));
      return batch(db, batchNo);
    },

    /** Existence check by code (spec: "a cash voucher must exist"). */
    async check(code: string) {
      const rows = await listedVouchersByCode(db, code.trim().toUpperCase());
      if (rows.length === 0) throw new DomainError("CASH_VOUCHER_NOT_FOUND");
      const [dto] = rows.map(toDto);
      return {
        code: dto!.code,
        kind: dto!.kind,
        faceValue: dto!.faceValue,
        validUntil: dto!.validUntil,
        redeemable: dto!.status === "undistributed" && new Date(dto!.validUntil) > clock.now(),
      };
    },

    /**
     * Redeems a code for the caller's organisation, once per idempotency key: the key's answer, the
     * voucher and its money are one transaction.
     */
    redeem(ctx: RequestContext, body: { code: string }) {
      const orgId = ctx.ownTenant();
      return once(db, clock, `redeem:${orgId}`, ctx.idempotencyKey(), body, (tx) =>
        redeemIn(tx, orgId, body.code, ctx.actor.userId),
      );
    },

    /** The caller's organisation's vouchers. */
    listOwn(ctx: RequestContext, filter: VoucherFilter & PageRequest) {
      return list({ ...filter, orgId: ctx.ownTenant() });
    },

    /** Every voucher, for operators. */
    listAll(filter: VoucherFilter & PageRequest) {
      return list(filter);
    },

    /** Movements on one of the caller's organisation's vouchers (what it paid for). */
    async deductRecord(ctx: RequestContext, voucherId: string) {
      const v = await orgVoucher(db, ctx.ownTenant(), voucherId);
      if (!v?.accountId) throw new DomainError("CASH_VOUCHER_NOT_FOUND");
      const rows = await accountMovements(db, v.accountId);
      return rows.map(({ line, entry }) => ({
        time: entry.createdAt.toISOString(),
        type: entry.kind,
        amount: formatYuan(line.amount),
        balanceAfter: formatYuan(line.balanceAfter),
        referenceType: entry.referenceType,
        referenceId: entry.referenceId,
      }));
    },

    async void(ctx: RequestContext, voucherId: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const v = await voucherToClose(tx, voucherId, now);
        if (!v) throw new DomainError("CASH_VOUCHER_NOT_FOUND");
        if (v.status !== "undistributed" && v.status !== "available")
          throw new DomainError("CASH_VOUCHER_UNAVAILABLE");
        await close(tx, v, "voided", ctx.actor.userId, now);
        await audit.record(tx, {
          action: "cashVoucher.voided",
          ...ctx.auditBy,
          orgId: v.orgId,
          target: v.code,
          detail: { voucherKind: v.kind, faceValue: formatYuan(v.faceValue) },
        });
      });
    },

    /** Ends every voucher past its validity; run by the finance sweep. */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const due = await vouchersPastValidity(db, now);
      let n = 0;
      for (const candidate of due) {
        if (candidate.status !== "available" && candidate.status !== "undistributed") continue;
        await db.transaction(async (tx) => {
          const v = await voucherToClose(tx, candidate.id, now);
          if (v && (v.status === "available" || v.status === "undistributed")) {
            await close(tx, v, "expired", null, now);
            n += 1;
          }
        });
      }
      return n;
    },
  };
}
