// Calls of the AI development platform (`/mgt/modelarts`): the caller's AI pools, training jobs and
// their cache keys. A job that is pending or running is read again every few seconds, so its state
// and log follow the cluster.
import {
  endpoints,
  type PriceInquiry,
  type ServiceApplyBody,
  type TrainingJobDetail,
  type TrainingSubmit,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const TRAINING_LIST_KEY = "trainingJobs";
/** How often an open job that still waits or runs is read again (its log grows). */
export const TRAINING_POLL_MS = 3_000;

export const trainingKeys = {
  platform: ["modelarts", "platform"] as const,
  pools: ["modelarts", "pools"] as const,
  job: (id: string) => ["modelarts", "job", id] as const,
};

export const isLive = (state: TrainingJobDetail["state"]) => state === "pending" || state === "running";

export const trainingApi = {
  submit: (body: TrainingSubmit) => api.call(endpoints.modelarts.submitJob, { body }),
  stop: (id: string) => api.call(endpoints.modelarts.stopJob, { params: { id } }),
};

/** Whether the organisation has the AI development platform, and the product that enables it. */
export const useAiPlatform = () =>
  useQuery({ queryKey: trainingKeys.platform, queryFn: () => api.call(endpoints.modelarts.platform) });

/** The order of the platform: nothing to choose, postpaid (its price is quoted for one hour). */
export const platformApplyBody = (productCode: string, name: string): ServiceApplyBody => ({
  productCode,
  spec: {},
  name,
  quantity: 1,
  paymentType: "postpaid",
  keyPairId: null,
  projectId: null,
});

export const platformInquiry = (productCode: string): PriceInquiry => ({
  productCode,
  spec: {},
  quantity: 1,
  paymentType: "postpaid",
  hours: 1,
});

export const useTrainingPools = () =>
  useQuery({ queryKey: trainingKeys.pools, queryFn: () => api.call(endpoints.modelarts.listPools) });

export const useTrainingJob = (id: string | null) =>
  useQuery({
    queryKey: trainingKeys.job(id ?? ""),
    queryFn: () => api.call(endpoints.modelarts.getJob, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isLive(q.state.data.state) ? TRAINING_POLL_MS : false),
  });
