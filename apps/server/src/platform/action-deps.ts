// What a business action needs when it writes, audits, notifies and binds uploaded files in one
// transaction (tickets, invoices): passed in by its module's composition.
import type { Audit } from "./audit/audit";
import type { FileService } from "./blobs/files.service";
import type { Clock } from "./clock";
import type { Db } from "./db/client";
import type { Messaging } from "./outbox/messaging";

export type ActionDeps = { db: Db; clock: Clock; audit: Audit; messaging: Messaging; files: FileService };
