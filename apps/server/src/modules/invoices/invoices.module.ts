// Wires invoices: titles and addresses, tenants' requests and the operators' queue.
import type { Audit } from "../../platform/audit/audit";
import type { FileService } from "../../platform/blobs/files.service";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import { createInvoiceQueueService } from "./invoice-queue.service";
import { createInvoiceRequestsService } from "./invoice-requests.service";
import { createInvoiceTitlesService } from "./invoice-titles.service";
import { registerInvoiceRoutes } from "./invoices.routes";

export function registerInvoices(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; timeZone: string; audit: Audit; messaging: Messaging; files: FileService },
) {
  registerInvoiceRoutes(ctx, {
    titles: createInvoiceTitlesService(deps),
    requests: createInvoiceRequestsService(deps),
    queue: createInvoiceQueueService(deps),
  });
}
