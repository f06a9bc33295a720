// A cluster's secrets at rest (decision 0013): the signing key or token and the SSH service key's
// private half are stored sealed (platform/secrets.ts) and opened only where a connection is made.
// At start-up, values stored before sealing existed are sealed, and the sealed ones are checked to
// open with this installation's key, so a wrong SECRETS_KEY stops the start instead of a call.
import type { Db } from "../../platform/db/client";
import { isSealed, type Secrets, SecretsKeyError } from "../../platform/secrets";
import { lockClusterSecrets, updateCluster } from "./hpc.repo";

/** Seals the clusters' plaintext secrets in one transaction; answers how many clusters changed. */
export async function sealClusterSecrets(db: Db, secrets: Secrets): Promise<number> {
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const row of await lockClusterSecrets(tx)) {
      const secret = sealedOrChecked(row.secret, secrets, row.id);
      const sshPrivateKey =
        row.sshPrivateKey === null ? null : sealedOrChecked(row.sshPrivateKey, secrets, row.id);
      if (secret === row.secret && sshPrivateKey === row.sshPrivateKey) continue;
      await updateCluster(tx, row.id, { secret, sshPrivateKey });
      changed++;
    }
    return changed;
  });
}

/** The value sealed when it is plaintext; a sealed one unchanged once it opened with the key. */
function sealedOrChecked(value: string, secrets: Secrets, clusterId: string): string {
  if (!isSealed(value)) return secrets.seal(value);
  try {
    secrets.open(value);
  } catch {
    throw new SecretsKeyError(
      `the secrets of HPC cluster ${clusterId} do not open with this installation's key: set SECRETS_KEY to the key they were sealed with (every instance sharing the database needs the same SECRETS_KEY; without it the key is DATA_DIR/secrets.key)`,
    );
  }
  return value;
}
