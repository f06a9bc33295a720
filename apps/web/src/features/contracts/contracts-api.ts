// Contract calls: the tenant's (CC06 reads its own) and the billing operators' (BI creates and
// terminates), with their cache keys. Create and terminate take an idempotency key each.
import type { ContractCreateBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { fetchFile } from "../verification/verification-api";

/** The paged lists' keys for usePagedQuery. */
export const CONTRACTS_LIST_KEY = "contracts";
export const OPS_CONTRACTS_LIST_KEY = "opsContracts";

const e = endpoints.contracts;

export const contractsOpsApi = {
  create: (body: ContractCreateBody, idempotencyKey: string) => api.call(e.create, { body, idempotencyKey }),
  terminate: (id: string, reason: string, idempotencyKey: string) =>
    api.call(e.terminate, { params: { id }, body: { reason }, idempotencyKey }),
};

/** One of the organisation's contracts, as the tenant reads it. */
export const useContract = (id: string) =>
  useQuery({ queryKey: ["contract", id], queryFn: () => api.call(e.get, { params: { id } }) });

/** One contract, as the operator reads it. */
export const useOpsContract = (id: string | null) =>
  useQuery({
    queryKey: ["opsContract", id],
    queryFn: () => api.call(e.opsGet, { params: { id: id! } }),
    enabled: id !== null,
  });

export const fetchContractFile = fetchFile;
