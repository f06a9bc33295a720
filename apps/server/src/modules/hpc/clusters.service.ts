// Operators' clusters (BA10): register, change, list with health, disable. A cluster is asked for
// its health before it is saved, so one that does not answer is refused with what it said and
// nothing is stored. The secret (signing key or token) and the SSH service key's private half are
// stored sealed (decision 0013) for the calls, and never answered.
import type {
  HpcCluster as ClusterView,
  clusterInput,
  clusterQuery,
  clusterUpdate,
  hostKeyBody,
} from "@skyledger/contracts";
import { SIMULATOR_REST_URL } from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import type { ClusterHealth } from "../../providers/hpc/hpc-cluster";
import { generateServiceKey, LoginHostError, scanLoginHostKey } from "../../providers/hpc/ssh-login";
import type { ClusterFactory } from "./cluster-access";
import {
  type ClusterRow,
  clusterNameTaken,
  countClusters,
  findCluster,
  insertCluster,
  listClusters,
  poolCounts,
  updateCluster,
} from "./hpc.repo";

type Input = z.output<typeof clusterInput>;
type Update = z.output<typeof clusterUpdate>;
type Query = z.output<typeof clusterQuery>;
type HostKey = z.output<typeof hostKeyBody>;

export type ClustersService = ReturnType<typeof createClustersService>;

export function createClustersService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  clusterOf: ClusterFactory;
  secrets: Secrets;
  /** Reads the login host's key fingerprint; tests pass their own. */
  scanHostKey?: typeof scanLoginHostKey;
}) {
  const { db, clock, audit, secrets } = deps;
  const scanHostKey = deps.scanHostKey ?? scanLoginHostKey;

  /** Asks the cluster; never throws (an implementation that cannot even start counts as unreachable). */
  async function healthOf(row: ClusterRow): Promise<ClusterHealth> {
    try {
      return await deps.clusterOf(row).health();
    } catch (err) {
      return {
        controller: false,
        accounting: false,
        partitions: [],
        nodes: 0,
        cpus: 0,
        gpus: 0,
        queueLength: 0,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }

  /** Refuses a cluster whose controller does not answer, with its reason in both languages' message. */
  async function assertAnswers(row: ClusterRow): Promise<void> {
    const health = await healthOf(row);
    if (health.error !== null || !health.controller)
      throw new DomainError("HPC_CLUSTER_UNREACHABLE", {
        reason: health.error ?? "slurmctld did not answer",
      });
  }

  async function view(row: ClusterRow, pools?: number): Promise<ClusterView> {
    const health = await healthOf(row);
    const count = pools ?? (await poolCounts(db, [row.id])).get(row.id) ?? 0;
    return {
      id: row.id,
      name: row.name,
      backend: row.backend,
      simulated: row.backend === "simulator",
      restUrl: row.restUrl,
      secretKind: row.secretKind,
      adminUser: row.adminUser,
      parentAccount: row.parentAccount,
      clusterName: row.clusterName,
      loginHost: row.loginHost,
      sshPublicKey: row.sshPublicKey,
      sshHostKeyFingerprint: row.sshHostKeyFingerprint,
      sshHostKeyRecordedAt: row.sshHostKeyRecordedAt?.toISOString() ?? null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      poolCount: count,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      health: { ...health, checkedAt: clock.now().toISOString() },
    };
  }

  async function mustFind(id: string): Promise<ClusterRow> {
    const row = await findCluster(db, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return row;
  }

  const fields = (input: Input | Update) => ({
    name: input.name,
    backend: input.backend,
    restUrl: input.backend === "simulator" ? SIMULATOR_REST_URL : input.restUrl.replace(/\/+$/, ""),
    secretKind: input.secretKind,
    adminUser: input.adminUser,
    parentAccount: input.parentAccount,
    clusterName: input.clusterName,
    loginHost: input.loginHost,
  });

  return {
    async list(q: Query) {
      const includeDisabled = q.includeDisabled ?? false;
      const page = await pageOf(
        q,
        (limit, offset) => listClusters(db, includeDisabled, limit, offset),
        countClusters(db, includeDisabled).then((n) => [{ n }]),
        (row) => row,
      );
      const counts = await poolCounts(
        db,
        page.list.map((r) => r.id),
      );
      const list: ClusterView[] = [];
      for (const row of page.list) list.push(await view(row, counts.get(row.id) ?? 0));
      return { ...page, list };
    },

    async get(id: string): Promise<ClusterView> {
      return view(await mustFind(id));
    },

    async register(ctx: RequestContext, input: Input): Promise<ClusterView> {
      const now = clock.now();
      const id = newId();
      // Skyledger's own key for the login host: the private half never leaves it (decision 0011).
      const key = generateServiceKey(`skyledger-${input.name}`);
      const row: ClusterRow = {
        id,
        ...fields(input),
        secret: secrets.seal(input.secret),
        sshPrivateKey: secrets.seal(key.privateKey),
        sshPublicKey: key.publicKey,
        // The login host's key is recorded by the operator afterwards (decision 0012).
        sshHostKeyFingerprint: null,
        sshHostKeyRecordedAt: null,
        createdBy: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
        disabledAt: null,
      };
      if (await clusterNameTaken(db, row.name)) throw new DomainError("HPC_CLUSTER_NAME_TAKEN");
      // Asked before the transaction: nothing is written for a cluster that does not answer.
      await assertAnswers(row);
      await db.transaction(async (tx) => {
        if (await clusterNameTaken(tx, row.name)) throw new DomainError("HPC_CLUSTER_NAME_TAKEN");
        await insertCluster(tx, row);
        await audit.record(tx, {
          action: "hpc.clusterRegistered",
          ...ctx.auditBy,
          target: row.name,
          detail: { name: row.name, clusterBackend: row.backend, restUrl: row.restUrl },
        });
      });
      return view(row, 0);
    },

    async update(ctx: RequestContext, id: string, input: Update): Promise<ClusterView> {
      const before = await mustFind(id);
      const after: ClusterRow = {
        ...before,
        ...fields(input),
        // An empty secret keeps the stored one: operators never see it to type it again.
        secret: input.secret ? secrets.seal(input.secret) : before.secret,
        updatedAt: clock.now(),
      };
      // Another login host has another key: the recorded one no longer says anything about it.
      if (after.loginHost !== before.loginHost) {
        after.sshHostKeyFingerprint = null;
        after.sshHostKeyRecordedAt = null;
      }
      // A cluster registered before the terminal existed gets its key pair on its first change.
      if (!after.sshPrivateKey) {
        const key = generateServiceKey(`skyledger-${after.name}`);
        after.sshPrivateKey = secrets.seal(key.privateKey);
        after.sshPublicKey = key.publicKey;
      }
      if (await clusterNameTaken(db, after.name, id)) throw new DomainError("HPC_CLUSTER_NAME_TAKEN");
      await assertAnswers(after);
      await db.transaction(async (tx) => {
        await updateCluster(tx, id, after);
        await audit.record(tx, {
          action: "hpc.clusterUpdated",
          ...ctx.auditBy,
          target: after.name,
          detail: { name: after.name, clusterBackend: after.backend, restUrl: after.restUrl },
        });
      });
      return view(after);
    },

    /**
     * Records the login host's key fingerprint (decision 0012): the one the operator pasted (read
     * on the host with `ssh-keygen -lf`), or the one the host shows Skyledger now. From then on the
     * terminal and job output connect only to a host showing that key.
     */
    async recordHostKey(ctx: RequestContext, id: string, body: HostKey): Promise<ClusterView> {
      const row = await mustFind(id);
      const loginHost = row.loginHost;
      if (!loginHost) throw new DomainError("HPC_CLUSTER_NO_LOGIN_HOST");
      let fingerprint = body.fingerprint;
      if (fingerprint === null) {
        try {
          fingerprint = await scanHostKey(loginHost);
        } catch (err) {
          if (!(err instanceof LoginHostError)) throw err;
          throw new DomainError("HPC_HOST_KEY_SCAN_FAILED", { loginHost, reason: err.message });
        }
      }
      const now = clock.now();
      const after: ClusterRow = {
        ...row,
        sshHostKeyFingerprint: fingerprint,
        sshHostKeyRecordedAt: now,
        updatedAt: now,
      };
      await db.transaction(async (tx) => {
        await updateCluster(tx, id, {
          sshHostKeyFingerprint: fingerprint,
          sshHostKeyRecordedAt: now,
          updatedAt: now,
        });
        await audit.record(tx, {
          action: "hpc.clusterHostKeyRecorded",
          ...ctx.auditBy,
          target: row.name,
          detail: {
            loginHost,
            hostKeyFingerprint: fingerprint,
            hostKeyScanned: body.fingerprint === null,
          },
        });
      });
      return view(after);
    },

    /** No new pool is provisioned on a disabled cluster; the pools on it keep running. */
    async disable(ctx: RequestContext, id: string): Promise<ClusterView> {
      const row = await mustFind(id);
      if (row.disabledAt) return view(row);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await updateCluster(tx, id, { disabledAt: now, updatedAt: now });
        await audit.record(tx, {
          action: "hpc.clusterDisabled",
          ...ctx.auditBy,
          target: row.name,
          detail: { name: row.name },
        });
      });
      return view({ ...row, disabledAt: now, updatedAt: now });
    },
  };
}
