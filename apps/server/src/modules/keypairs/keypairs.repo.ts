import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { projects } from "../iam/iam.schema";
import { keyPairs } from "./keypairs.schema";

export type KeyPairRow = typeof keyPairs.$inferSelect & { projectName: string | null };

const columns = {
  id: keyPairs.id,
  orgId: keyPairs.orgId,
  projectId: keyPairs.projectId,
  name: keyPairs.name,
  publicKey: keyPairs.publicKey,
  fingerprint: keyPairs.fingerprint,
  keyType: keyPairs.keyType,
  createdBy: keyPairs.createdBy,
  createdAt: keyPairs.createdAt,
  projectName: projects.name,
};

function listWhere(orgId: string, keyword: string | undefined) {
  return keyword
    ? and(eq(keyPairs.orgId, orgId), ilike(keyPairs.name, containsPattern(keyword)))
    : eq(keyPairs.orgId, orgId);
}

export function createKeyPairRepo(db: Db) {
  return {
    list(orgId: string, keyword: string | undefined, limit: number, offset: number) {
      return db
        .select(columns)
        .from(keyPairs)
        .leftJoin(projects, eq(projects.id, keyPairs.projectId))
        .where(listWhere(orgId, keyword))
        .orderBy(desc(keyPairs.createdAt), keyPairs.id)
        .limit(limit)
        .offset(offset);
    },

    count(orgId: string, keyword: string | undefined) {
      return db.select({ n: count() }).from(keyPairs).where(listWhere(orgId, keyword));
    },

    async find(orgId: string, id: string): Promise<KeyPairRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(keyPairs)
        .leftJoin(projects, eq(projects.id, keyPairs.projectId))
        .where(and(eq(keyPairs.orgId, orgId), eq(keyPairs.id, id)));
      return row;
    },

    async projectName(orgId: string, projectId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
      return row?.name;
    },

    async nameTaken(orgId: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: keyPairs.id })
        .from(keyPairs)
        .where(and(eq(keyPairs.orgId, orgId), sql`lower(${keyPairs.name}) = lower(${name})`));
      return row !== undefined;
    },

    /** Undefined when the name was taken meanwhile (the unique index decides a race). */
    async insert(row: typeof keyPairs.$inferInsert) {
      const [inserted] = await db.insert(keyPairs).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async remove(orgId: string, id: string) {
      const [row] = await db
        .delete(keyPairs)
        .where(and(eq(keyPairs.orgId, orgId), eq(keyPairs.id, id)))
        .returning();
      return row;
    },
  };
}

export type KeyPairRepo = ReturnType<typeof createKeyPairRepo>;
