// The simulated cluster's SQL: accounts, their users and jobs. Each function takes the caller's
// transaction or handle first.
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { simHpcAccounts, simHpcJobs, simHpcReservations, simHpcUsers } from "./simulator-cluster.schema";

export type SimHpcAccountRow = typeof simHpcAccounts.$inferSelect;
export type SimHpcJobRow = typeof simHpcJobs.$inferSelect;
export type SimHpcReservationRow = typeof simHpcReservations.$inferSelect;

/** Serialises every change to one simulated cluster until the transaction ends. */
export async function lockSimCluster(tx: Tx, cluster: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sim_hpc:${cluster}`}))`);
}

export async function findSimAccount(
  tx: Tx,
  cluster: string,
  name: string,
): Promise<SimHpcAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(simHpcAccounts)
    .where(and(eq(simHpcAccounts.cluster, cluster), eq(simHpcAccounts.name, name)));
  return row;
}

export function listSimAccounts(tx: Tx, cluster: string): Promise<SimHpcAccountRow[]> {
  return tx.select().from(simHpcAccounts).where(eq(simHpcAccounts.cluster, cluster));
}

/** Creates the account or updates its description and limits. */
export async function upsertSimAccount(tx: Tx, row: typeof simHpcAccounts.$inferInsert): Promise<void> {
  await tx
    .insert(simHpcAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [simHpcAccounts.cluster, simHpcAccounts.name],
      set: { description: row.description, limits: row.limits },
    });
}

export async function updateSimAccountLimits(
  tx: Tx,
  cluster: string,
  name: string,
  limits: SimHpcAccountRow["limits"],
): Promise<boolean> {
  const rows = await tx
    .update(simHpcAccounts)
    .set({ limits })
    .where(and(eq(simHpcAccounts.cluster, cluster), eq(simHpcAccounts.name, name)))
    .returning({ name: simHpcAccounts.name });
  return rows.length > 0;
}

/** Removes the account and its users; an absent one changes nothing. */
export async function deleteSimAccount(tx: Tx, cluster: string, name: string): Promise<void> {
  await tx.delete(simHpcUsers).where(and(eq(simHpcUsers.cluster, cluster), eq(simHpcUsers.account, name)));
  await tx
    .delete(simHpcAccounts)
    .where(and(eq(simHpcAccounts.cluster, cluster), eq(simHpcAccounts.name, name)));
}

export async function insertSimUser(tx: Tx, row: typeof simHpcUsers.$inferInsert): Promise<void> {
  await tx.insert(simHpcUsers).values(row).onConflictDoNothing();
}

export async function deleteSimUser(tx: Tx, cluster: string, account: string, user: string): Promise<void> {
  await tx
    .delete(simHpcUsers)
    .where(
      and(eq(simHpcUsers.cluster, cluster), eq(simHpcUsers.account, account), eq(simHpcUsers.user, user)),
    );
}

export async function listSimUsers(tx: Tx, cluster: string, account: string): Promise<string[]> {
  const rows = await tx
    .select({ user: simHpcUsers.user })
    .from(simHpcUsers)
    .where(and(eq(simHpcUsers.cluster, cluster), eq(simHpcUsers.account, account)))
    .orderBy(asc(simHpcUsers.user));
  return rows.map((r) => r.user);
}

export async function isSimMember(tx: Tx, cluster: string, account: string, user: string): Promise<boolean> {
  const rows = await tx
    .select({ user: simHpcUsers.user })
    .from(simHpcUsers)
    .where(
      and(eq(simHpcUsers.cluster, cluster), eq(simHpcUsers.account, account), eq(simHpcUsers.user, user)),
    );
  return rows.length > 0;
}

/** Pending and running jobs of the cluster, oldest first (the scheduler's queue order). */
export function listActiveSimJobs(tx: Tx, cluster: string): Promise<SimHpcJobRow[]> {
  return tx
    .select()
    .from(simHpcJobs)
    .where(and(eq(simHpcJobs.cluster, cluster), inArray(simHpcJobs.state, ["pending", "running"])))
    .orderBy(asc(simHpcJobs.id));
}

export async function insertSimJob(tx: Tx, row: typeof simHpcJobs.$inferInsert): Promise<SimHpcJobRow> {
  const [inserted] = await tx.insert(simHpcJobs).values(row).returning();
  return inserted!;
}

export async function findSimJob(tx: Tx, cluster: string, id: number): Promise<SimHpcJobRow | null> {
  const [row] = await tx
    .select()
    .from(simHpcJobs)
    .where(and(eq(simHpcJobs.cluster, cluster), eq(simHpcJobs.id, id)));
  return row ?? null;
}

export async function updateSimJob(tx: Tx, id: number, set: Partial<SimHpcJobRow>): Promise<void> {
  await tx.update(simHpcJobs).set(set).where(eq(simHpcJobs.id, id));
}

/** CPU-seconds the account's jobs have used up to `at` (what GrpTRESMins counts against). */
export async function simCpuSecondsUsed(tx: Tx, cluster: string, account: string, at: Date): Promise<number> {
  const [row] = await tx
    .select({
      seconds: sql<
        string | null
      >`sum(${simHpcJobs.cpus} * extract(epoch from (coalesce(${simHpcJobs.endedAt}, ${at}::timestamptz) - ${simHpcJobs.startedAt})))`,
    })
    .from(simHpcJobs)
    .where(
      and(
        eq(simHpcJobs.cluster, cluster),
        eq(simHpcJobs.account, account),
        sql`${simHpcJobs.startedAt} is not null`,
      ),
    );
  return Number(row?.seconds ?? 0);
}

/** Jobs of these accounts that ran at some moment of [from, to), or wait or run now; by id. */
export function listSimJobsForAccounting(
  tx: Tx,
  cluster: string,
  accounts: string[],
  from: Date,
  to: Date,
): Promise<SimHpcJobRow[]> {
  if (accounts.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(simHpcJobs)
    .where(
      and(
        eq(simHpcJobs.cluster, cluster),
        inArray(simHpcJobs.account, accounts),
        or(
          inArray(simHpcJobs.state, ["pending", "running"]),
          and(lt(simHpcJobs.startedAt, to), or(isNull(simHpcJobs.endedAt), gt(simHpcJobs.endedAt, from))),
        ),
      ),
    )
    .orderBy(asc(simHpcJobs.id));
}

/** The cluster's reservations, by name. */
export function listSimReservations(tx: Tx, cluster: string): Promise<SimHpcReservationRow[]> {
  return tx
    .select()
    .from(simHpcReservations)
    .where(eq(simHpcReservations.cluster, cluster))
    .orderBy(asc(simHpcReservations.name));
}

export async function insertSimReservation(
  tx: Tx,
  row: typeof simHpcReservations.$inferInsert,
): Promise<void> {
  await tx.insert(simHpcReservations).values(row);
}

export async function deleteSimReservation(tx: Tx, cluster: string, name: string): Promise<void> {
  await tx
    .delete(simHpcReservations)
    .where(and(eq(simHpcReservations.cluster, cluster), eq(simHpcReservations.name, name)));
}
