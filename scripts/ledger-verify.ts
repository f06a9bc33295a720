// `npm run ledger:verify`: checks the ledger of the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and exits 1 when any invariant is broken.
import { verifyLedger } from "../apps/server/src/modules/ledger/ledger.verify";
import { loadConfig } from "../apps/server/src/platform/config";
import { openDatabase } from "../apps/server/src/platform/db/client";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const problems = await verifyLedger(database.db);
await database.close();
if (problems.length) {
  for (const p of problems) process.stdout.write(`${p.kind}: ${p.detail}\n`);
  process.stdout.write(`ledger verification failed: ${problems.length} problem(s)\n`);
  process.exit(1);
}
process.stdout.write("ledger verified: every entry balances and every balance equals its journal\n");
