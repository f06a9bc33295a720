import { type configType, endpoints } from "@skyledger/contracts";
import type { z } from "zod";
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
  publicRoute(app, guards, endpoints.config.publicSettings, async () => {
    const { rows, versions } = await config.publicSettings();
    return {
      configs: rows.map(entryOut),
      agreementVersion: versions.agreement,
      privacyVersion: versions.privacy,
    };
  });

  publicRoute(app, guards, endpoints.config.codeList, ({ params }) => config.dictionary(params.category));

  publicRoute(app, guards, endpoints.config.agreement, async ({ params }) =>
    docOut(await config.currentPolicy(params.kind)),
  );

  userRoute(app, guards, endpoints.config.list, async () => (await config.listAll()).map(entryOut));

  userRoute(app, guards, endpoints.config.update, async ({ body, principal }) =>
    (await config.update(body.entries, principal.userId)).map(entryOut),
  );

  userRoute(app, guards, endpoints.config.listByType, async ({ query }) =>
    (await config.listByType(query.configType)).map(entryOut),
  );

  userRoute(app, guards, endpoints.config.publishAgreement, async ({ body, principal }) =>
    docOut(await config.publishPolicy(body.kind, body.contentZh, body.contentEn, principal.userId)),
  );

  userRoute(app, guards, endpoints.config.proposeChange, ({ body, principal, req }) =>
    changes.propose(body, principal.userId, req.ip),
  );

  userRoute(app, guards, endpoints.config.listChanges, ({ query }) => changes.list(query));

  for (const [endpoint, approve] of [
    [endpoints.config.approveChange, true],
    [endpoints.config.rejectChange, false],
  ] as const) {
    userRoute(app, guards, endpoint, ({ params, body, principal, req }) =>
      changes.decide(params.id, approve, body.remark, principal.userId, req.ip),
    );
  }
}
