// Contracts (issue 17 item 2, decision 0029): a billing operator (BI) creates a tenant's contract
// with its signed PDF, and may terminate it early with a reason; the tenant (CC06) reads its own.
// While a contract is in execution its credit counts towards the tenant's credit limit (kept on
// the credit account by `syncContractCredit`) and its discounts apply to every price (`discountFor`).
import { contractStateAt, type Discount, formatYuan, parseDiscount, parseYuan } from "@skyledger/billing";
import {
  allowedExtensions,
  type ContractDetail,
  type ContractRecord,
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
} from "@skyledger/contracts";
import type { ActionDeps } from "../../platform/action-deps";
import type { Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { orgExists } from "../iam/users.repo";
import { syncContractCredit } from "./contract-credit";
import { contractDiscountOn } from "./contract-discounts";
import {
  type ContractFilter,
  type ContractRow,
  contractNoTaken,
  contractsDue,
  countContracts,
  findContract,
  insertContract,
  listContracts,
  unknownCodes,
  updateContract,
} from "./contracts.repo";
import type { ContractDiscountRow } from "./contracts.schema";

type CreateBody = EndpointBody<typeof endpoints.contracts.create>;
type ListQuery = EndpointQuery<typeof endpoints.contracts.opsList>;

const discountText = (hundredths: number) => (hundredths / 100).toFixed(2);

function toRecord(row: ContractRow, now: Date): ContractRecord {
  return {
    id: row.id,
    orgId: row.orgId,
    orgName: row.orgName,
    name: row.name,
    contractNo: row.contractNo,
    amount: formatYuan(row.amount),
    creditLimit: formatYuan(row.creditLimit),
    signedOn: row.signedOn,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: contractStateAt(row, now),
    discounts: row.discounts.map((d) => ({
      target: d.target,
      code: d.code,
      discount: discountText(d.hundredths),
    })),
    terminatedAt: row.terminatedAt?.toISOString() ?? null,
    terminationReason: row.terminationReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The rules of the body, checked: every code names a product or category, one rule per target. */
async function discountRows(tx: Tx, body: CreateBody): Promise<ContractDiscountRow[]> {
  const rows = body.discounts.map((d) => {
    const parsed = parseDiscount(d.discount);
    if (!parsed.ok) throw new DomainError("PARAM_INVALID");
    return { target: d.target, code: d.code, hundredths: Number(parsed.discount.hundredths) };
  });
  for (const target of ["product", "category"] as const) {
    const codes = rows.filter((r) => r.target === target).map((r) => r.code);
    const [unknown] = await unknownCodes(tx, target, [...new Set(codes)]);
    if (unknown !== undefined) throw new DomainError("CONTRACT_DISCOUNT_TARGET_UNKNOWN", { code: unknown });
  }
  return rows;
}

export type ContractService = ReturnType<typeof createContractService>;

export function createContractService(deps: Omit<ActionDeps, "messaging">) {
  const { db, clock, audit, files } = deps;

  async function page(f: ContractFilter, q: { pageNum: number; pageSize: number }) {
    return pageOf(
      q,
      (limit, offset) => listContracts(db, f, limit, offset),
      countContracts(db, f),
      (row) => toRecord(row, f.now),
    );
  }

  async function detailOf(row: ContractRow | undefined): Promise<ContractDetail> {
    if (!row) throw new DomainError("NOT_FOUND");
    const [file] = await files.byIds(db, [row.fileId]);
    return {
      ...toRecord(row, clock.now()),
      file: file ? { id: file.id, name: file.name, contentType: file.contentType, size: file.size } : null,
    };
  }

  /** The signed PDF: the operator's own upload of purpose contractFile, not given to another tenant. */
  async function checkFile(tx: Tx, actorId: string, orgId: string, fileId: string) {
    const [file] = await files.ownedBy(tx, actorId, [fileId]);
    if (!file || (file.orgId !== null && file.orgId !== orgId))
      throw new DomainError("CONTRACT_FILE_REQUIRED");
    if (file.purpose !== "contractFile") {
      throw new DomainError("FILE_TYPE_INVALID", {
        name: file.name,
        allowed: allowedExtensions("contractFile").join(", "),
      });
    }
  }

  return {
    list(ctx: RequestContext, q: EndpointQuery<typeof endpoints.contracts.list>) {
      return page({ orgId: ctx.ownTenant(), status: q.status, now: clock.now() }, q);
    },

    async detail(ctx: RequestContext, id: string) {
      return detailOf(await findContract(db, id, ctx.ownTenant()));
    },

    opsList(q: ListQuery) {
      return page({ orgId: q.orgId, status: q.status, now: clock.now() }, q);
    },

    async opsDetail(id: string) {
      return detailOf(await findContract(db, id));
    },

    async create(ctx: RequestContext, body: CreateBody): Promise<ContractDetail> {
      const id = await once(db, clock, "contract.create", ctx.idempotencyKey(), body, async (tx) => {
        const now = clock.now();
        if (!(await orgExists(tx, body.orgId))) throw new DomainError("NOT_FOUND");
        if (await contractNoTaken(tx, body.contractNo)) {
          throw new DomainError("CONTRACT_NO_TAKEN", { contractNo: body.contractNo });
        }
        const discounts = await discountRows(tx, body);
        await checkFile(tx, ctx.actor.userId, body.orgId, body.fileId);
        const row = {
          id: newId(),
          orgId: body.orgId,
          name: body.name,
          contractNo: body.contractNo,
          amount: parseYuan(body.amount),
          creditLimit: parseYuan(body.creditLimit),
          signedOn: body.signedOn,
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
          discounts,
          status: "active" as const,
          fileId: body.fileId,
          createdBy: ctx.actor.userId,
          createdAt: now,
        };
        if (!(await insertContract(tx, row))) {
          throw new DomainError("CONTRACT_NO_TAKEN", { contractNo: body.contractNo });
        }
        // The tenant's CC06 holders read the file from now on.
        await files.bindToOrg(tx, [body.fileId], body.orgId);
        await audit.record(tx, {
          action: "contract.created",
          ...ctx.auditBy,
          orgId: body.orgId,
          target: row.id,
          detail: {
            code: row.contractNo,
            name: row.name,
            amount: formatYuan(row.amount),
            creditLimit: formatYuan(row.creditLimit),
          },
        });
        // A contract already in execution gives its credit at once.
        await syncContractCredit(tx, {
          orgId: body.orgId,
          contractNo: row.contractNo,
          now,
          createdBy: ctx.actor.userId,
        });
        return row.id;
      });
      return detailOf(await findContract(db, id));
    },

    async terminate(ctx: RequestContext, id: string, body: { reason: string }): Promise<ContractDetail> {
      await once(db, clock, `contract.terminate|${id}`, ctx.idempotencyKey(), body, async (tx) => {
        const now = clock.now();
        const row = await findContract(tx, id, undefined, true);
        if (!row) throw new DomainError("NOT_FOUND");
        const state = contractStateAt(row, now);
        if (state === "expired" || state === "terminated") throw new DomainError("CONTRACT_NOT_ACTIVE");
        await updateContract(tx, id, {
          status: "terminated",
          terminatedAt: now,
          terminationReason: body.reason,
          terminatedBy: ctx.actor.userId,
        });
        await audit.record(tx, {
          action: "contract.terminated",
          ...ctx.auditBy,
          orgId: row.orgId,
          target: id,
          detail: { code: row.contractNo, reason: body.reason },
        });
        await syncContractCredit(tx, {
          orgId: row.orgId,
          contractNo: row.contractNo,
          now,
          createdBy: ctx.actor.userId,
        });
        return id;
      });
      return detailOf(await findContract(db, id));
    },

    /**
     * The lifecycle step: contracts whose end passed become expired and their credit is withdrawn;
     * contracts whose start came give their credit. Each contract in its own transaction; running
     * it twice changes nothing more.
     */
    async sweep(): Promise<void> {
      const now = clock.now();
      for (const due of await contractsDue(db, now)) {
        await db.transaction(async (tx) => {
          const row = await findContract(tx, due.id, undefined, true);
          if (row?.status !== "active") return;
          if (row.endsAt.getTime() <= now.getTime()) {
            await updateContract(tx, row.id, { status: "expired" });
            await audit.record(tx, {
              action: "contract.expired",
              actorId: null,
              orgId: row.orgId,
              target: row.id,
              detail: { code: row.contractNo },
            });
          }
          await syncContractCredit(tx, {
            orgId: row.orgId,
            contractNo: row.contractNo,
            now,
            createdBy: null,
          });
        });
      }
    },

    /** The contract discount for a product at an instant (quotes and orders), or null. */
    discountFor(orgId: string, product: { code: string }, at: Date): Promise<Discount | null> {
      return contractDiscountOn(db, orgId, product.code, at);
    },
  };
}
