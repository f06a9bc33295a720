// `/mgt/invoice` and `/mgt/invoice/{id}` (CC05 reads, CC0501 acts) under /api/invoices, and the
// operators' queue `/sys/invoices` (BA11) under /api/ops/invoices.
import { endpoints } from "@skyledger/contracts";
import { sendFile } from "../../platform/blobs/files.routes";
import type { ModuleContext } from "../../platform/module";
import type { InvoiceQueueService } from "./invoice-queue.service";
import type { InvoiceRequestsService } from "./invoice-requests.service";
import type { InvoiceTitlesService } from "./invoice-titles.service";

export function registerInvoiceRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: { titles: InvoiceTitlesService; requests: InvoiceRequestsService; queue: InvoiceQueueService },
) {
  const e = endpoints.invoices;
  userRoute(app, guards, e.listTitles, ({ ctx }) => s.titles.listTitles(ctx));
  userRoute(app, guards, e.createTitle, ({ ctx, body }) => s.titles.createTitle(ctx, body));
  userRoute(app, guards, e.updateTitle, ({ ctx, params, body }) =>
    s.titles.updateTitle(ctx, params.id, body),
  );
  userRoute(app, guards, e.removeTitle, ({ ctx, params }) => s.titles.removeTitle(ctx, params.id));
  userRoute(app, guards, e.listAddresses, ({ ctx }) => s.titles.listAddresses(ctx));
  userRoute(app, guards, e.createAddress, ({ ctx, body }) => s.titles.createAddress(ctx, body));
  userRoute(app, guards, e.updateAddress, ({ ctx, params, body }) =>
    s.titles.updateAddress(ctx, params.id, body),
  );
  userRoute(app, guards, e.removeAddress, ({ ctx, params }) => s.titles.removeAddress(ctx, params.id));

  userRoute(app, guards, e.invoiceable, ({ ctx }) => s.requests.invoiceable(ctx));
  userRoute(app, guards, e.listRequests, ({ ctx, query }) => s.requests.list(ctx, query));
  userRoute(app, guards, e.getRequest, ({ ctx, params }) => s.requests.get(ctx, params.id));
  userRoute(app, guards, e.request, ({ ctx, body }) => s.requests.request(ctx, body));
  userRoute(app, guards, e.downloadPdf, async ({ ctx, params, reply }) =>
    sendFile(reply, await s.requests.pdf(ctx, params.id)),
  );

  userRoute(app, guards, e.queue, ({ query }) => s.queue.list(query));
  userRoute(app, guards, e.queueItem, ({ params }) => s.queue.get(params.id));
  userRoute(app, guards, e.queuePdf, async ({ params, reply }) =>
    sendFile(reply, await s.queue.pdf(params.id)),
  );
  userRoute(app, guards, e.issue, ({ ctx, params, body }) => s.queue.issue(ctx, params.id, body));
  userRoute(app, guards, e.reject, ({ ctx, params, body }) => s.queue.reject(ctx, params.id, body));
}
