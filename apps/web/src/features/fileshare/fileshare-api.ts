// Calls of the file services' API (`/res/shares`, `/res/scalable-files`) and their cache keys: one
// share, its access rules, and adding, changing and removing a rule. Buying, changing the capacity,
// renewing and unsubscribing go through the services API like every service. Also the elastic file
// product's public landing (`/apply/share/{id}`).
import { endpoints, type FileRuleInput } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "../services/host-state";
import { FILE_SERVICES, type FileKind } from "./file-services";

export const fileKeys = {
  share: (kind: FileKind, id: string) => [FILE_SERVICES[kind].ns, id] as const,
  rules: (kind: FileKind, id: string) => [FILE_SERVICES[kind].ns, id, "rules"] as const,
  landing: (id: string) => ["scalableFileLanding", id] as const,
};

export const fileApi = (kind: FileKind) => {
  const e = FILE_SERVICES[kind].endpoints;
  return {
    addRule: (id: string, body: FileRuleInput) => api.call(e.addRule, { params: { id }, body }),
    updateRule: (id: string, ruleId: string, body: FileRuleInput) =>
      api.call(e.updateRule, { params: { id, ruleId }, body }),
    deleteRule: (id: string, ruleId: string) => api.call(e.deleteRule, { params: { id, ruleId } }),
  };
};

/** One share (its detail page); polled while it is between two states. */
export const useFileShare = (kind: FileKind, id: string) =>
  useQuery({
    queryKey: fileKeys.share(kind, id),
    queryFn: () => api.call(FILE_SERVICES[kind].endpoints.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });

/** The share's access rules, highest priority (0) first as the server orders them. */
export const useFileRules = (kind: FileKind, id: string) =>
  useQuery({
    queryKey: fileKeys.rules(kind, id),
    queryFn: () => api.call(FILE_SERVICES[kind].endpoints.rules, { params: { id } }),
  });

/** The public landing of an elastic file product: asked without a session, so a stale one cannot fail it. */
export const useScalableFileLanding = (id: string) =>
  useQuery({
    queryKey: fileKeys.landing(id),
    queryFn: () => api.call(endpoints.scalableFiles.productLanding, { params: { id }, anonymous: true }),
    retry: false,
  });
