// Operators' announcements (`/sys/announcements`, BA13): published now or at a time to come, to
// every tenant or to the tenants that have or had an order of one product; withdrawn at any time.
// They reach the message centres through announcements.repo.ts.
import type { AnnouncementRecord, EndpointBody, EndpointQuery, endpoints } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import {
  type AnnouncementRow,
  announcementById,
  announcementPage,
  announcementTotal,
  insertAnnouncement,
  markWithdrawn,
  productNames,
} from "./announcements.repo";

type Product = { id: string; nameZh: string; nameEn: string };

export function createAnnouncements(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  async function productsById(): Promise<Map<string, Product>> {
    return new Map((await productNames(db)).map((p) => [p.id, p]));
  }

  function toRecord(row: AnnouncementRow, products: Map<string, Product>): AnnouncementRecord {
    const state = row.withdrawnAt ? "withdrawn" : row.publishAt > clock.now() ? "scheduled" : "published";
    return {
      id: row.id,
      title: row.title,
      type: row.type,
      body: row.body,
      publishAt: row.publishAt.toISOString(),
      state,
      product: row.productId ? (products.get(row.productId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    };
  }

  return {
    async list(query: EndpointQuery<typeof endpoints.messages.opsList>) {
      const products = await productsById();
      return pageOf(
        query,
        (limit, offset) => announcementPage(db, limit, offset),
        announcementTotal(db),
        (row) => toRecord(row, products),
      );
    },

    async products() {
      return { list: [...(await productsById()).values()] };
    },

    async publish(ctx: RequestContext, body: EndpointBody<typeof endpoints.messages.publish>) {
      const now = clock.now();
      const publishAt = body.publishAt ? new Date(body.publishAt) : now;
      if (publishAt.getTime() <= now.getTime() && body.publishAt)
        throw new DomainError("ANNOUNCEMENT_PUBLISH_PAST");
      const products = await productsById();
      if (body.productId && !products.has(body.productId))
        throw new DomainError("ANNOUNCEMENT_PRODUCT_UNKNOWN");
      const row = await db.transaction(async (tx) => {
        const created = await insertAnnouncement(tx, {
          id: newId(),
          title: body.title,
          type: body.type,
          body: body.body,
          publishAt,
          productId: body.productId,
          createdBy: ctx.actor.userId,
          createdAt: now,
        });
        await audit.record(tx, {
          action: "announcement.published",
          ...ctx.auditBy,
          target: created.id,
          detail: { name: created.title },
        });
        return created;
      });
      return toRecord(row, products);
    },

    async withdraw(ctx: RequestContext, id: string) {
      const row = await db.transaction(async (tx) => {
        const found = await announcementById(tx, id);
        if (!found) throw new DomainError("NOT_FOUND");
        if (found.withdrawnAt) throw new DomainError("ANNOUNCEMENT_WITHDRAWN");
        const withdrawn = await markWithdrawn(tx, id, clock.now());
        await audit.record(tx, {
          action: "announcement.withdrawn",
          ...ctx.auditBy,
          target: id,
          detail: { name: found.title },
        });
        return withdrawn;
      });
      return toRecord(row, await productsById());
    },
  };
}
export type Announcements = ReturnType<typeof createAnnouncements>;
