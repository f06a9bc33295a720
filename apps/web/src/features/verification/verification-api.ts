// Verification calls (spec §7: /users/submitAuth, /users/companyAuth, /users/getAuthUserInfoById,
// /users/getAuthCompanyInfoById/{id}, /users/approve) and the uploads they reference.
import type {
  AuthInfo,
  CompanyAuthSubmit,
  PersonalAuthSubmit,
  StoredFile,
  UploadPurpose,
  VerificationDecision,
  VerificationDetail,
  VerificationRecord,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const AUTH_INFO_KEY = ["verification", "authInfo"] as const;

export function useAuthInfo() {
  return useQuery({
    queryKey: AUTH_INFO_KEY,
    queryFn: () => api.get<AuthInfo>("/users/getAuthUserInfoById"),
  });
}

export const uploadFile = (purpose: UploadPurpose, file: File) =>
  api.upload<StoredFile>("/files", file, { purpose, name: file.name });

/** A stored file's bytes through the signed client (images become object URLs, documents downloads). */
export const fetchFile = (id: string) => api.download(`/files/${encodeURIComponent(id)}`, { quiet: true });

export const submitPersonal = (body: PersonalAuthSubmit) =>
  api.post<VerificationRecord>("/users/submitAuth", body);

export const submitCompany = (body: CompanyAuthSubmit) =>
  api.post<VerificationRecord>("/users/companyAuth", body);

export const fetchReviewDetail = (id: string) =>
  api.get<VerificationDetail>(`/ops/verifications/${encodeURIComponent(id)}`);

export const decideVerification = (body: VerificationDecision) =>
  api.post<{ ok: true }>("/ops/users/approve", body);
