import {
  configChangeCreate,
  configChangeRecord,
  configEntry,
  configType,
  configUpdate,
  dictCategory,
  dictItem,
  fourEyesDecision,
  fourEyesStatus,
  page,
  pageQuery,
  policyDocument,
  policyKind,
  policyPublish,
} from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import type { ConfigService } from "./config.service";
import type { ConfigChangesService } from "./config-changes.service";

const iso = (d: Date) => d.toISOString();
type Row = {
  configKey: string;
  configValue: string;
  configType: z.infer<typeof configType>;
  description: string | null;
  updatedAt: Date;
};
const entryOut = (r: Row) => ({
  configKey: r.configKey,
  configValue: r.configValue,
  configType: r.configType,
  description: r.description ?? undefined,
  updatedAt: iso(r.updatedAt),
});
type Doc = {
  kind: "agreement" | "privacy";
  version: number;
  contentZh: string;
  contentEn: string;
  publishedAt: Date;
};
const docOut = (d: Doc) => ({ ...d, publishedAt: iso(d.publishedAt) });

export function registerConfigRoutes(
  { app, guards, publicRoute, userRoute }: ModuleContext,
  config: ConfigService,
  changes: ConfigChangesService,
) {
  publicRoute(app, guards, {
    method: "GET",
    url: "/api/configs/nonAuth",
    summary: "Public system configuration read by the web app at start-up",
    tags: ["config"],
    response: z.object({
      configs: z.array(configEntry),
      agreementVersion: z.number(),
      privacyVersion: z.number(),
    }),
    handler: async () => {
      const { rows, versions } = await config.publicSettings();
      return {
        configs: rows.map(entryOut),
        agreementVersion: versions.agreement,
        privacyVersion: versions.privacy,
      };
    },
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/sys/code/category/:category",
    summary: "Sign-up dictionaries (industry, application scenario, staff size)",
    tags: ["config"],
    params: z.object({ category: dictCategory }),
    response: z.array(dictItem),
    handler: ({ params }) => config.dictionary(params.category),
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/agreements/:kind",
    summary: "Current user agreement or privacy statement",
    tags: ["config"],
    params: z.object({ kind: policyKind }),
    response: policyDocument,
    handler: async ({ params }) => docOut(await config.currentPolicy(params.kind)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/configs",
    summary: "Every system configuration entry",
    tags: ["config"],
    permissions: ["BA01"],
    response: z.array(configEntry),
    handler: async () => (await config.listAll()).map(entryOut),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/configs",
    summary: "Update system configuration entries",
    tags: ["config"],
    permissions: ["BA01"],
    body: configUpdate,
    response: z.array(configEntry),
    handler: async ({ body, principal }) =>
      (await config.update(body.entries, principal.userId)).map(entryOut),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/configs/user/configType",
    summary: "Public configuration entries of one type for the signed-in user",
    tags: ["config"],
    permissions: [],
    querystring: z.object({ configType }),
    response: z.array(configEntry),
    handler: async ({ query }) => (await config.listByType(query.configType)).map(entryOut),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/agreements/publish",
    summary: "Publish a new version of the user agreement or the privacy statement",
    tags: ["config"],
    permissions: ["BA01"],
    body: policyPublish,
    response: policyDocument,
    handler: async ({ body, principal }) =>
      docOut(await config.publishPolicy(body.kind, body.contentZh, body.contentEn, principal.userId)),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/config_changes",
    summary:
      "Propose new values of money-control settings (four-eyes threshold, maxima); another platform administrator approves",
    tags: ["config"],
    permissions: ["BA01"],
    body: configChangeCreate,
    response: configChangeRecord,
    handler: ({ body, principal, req }) => changes.propose(body, principal.userId, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/config_changes",
    summary: "Proposed changes of money-control settings",
    tags: ["config"],
    permissions: ["BA01"],
    querystring: pageQuery.extend({ status: fourEyesStatus.optional() }),
    response: page(configChangeRecord),
    handler: ({ query }) => changes.list(query),
  });

  for (const decision of ["approve", "reject"] as const) {
    userRoute(app, guards, {
      method: "POST",
      url: `/api/ops/config_changes/:id/${decision}`,
      summary: `${decision === "approve" ? "Approve (and apply)" : "Reject"} a proposed change of money-control settings (not the proposer)`,
      tags: ["config"],
      permissions: ["BA01"],
      params: z.object({ id: z.string().uuid() }),
      body: fourEyesDecision,
      response: configChangeRecord,
      handler: ({ params, body, principal, req }) =>
        changes.decide(params.id, decision === "approve", body.remark, principal.userId, req.ip),
    });
  }
}
