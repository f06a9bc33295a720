// Verification calls (spec §7: /users/submitAuth, /users/companyAuth, /users/getAuthUserInfoById,
// /users/getAuthCompanyInfoById/{id}, /users/approve) and the uploads they reference.
import type {
  CompanyAuthSubmit,
  PersonalAuthSubmit,
  UploadPurpose,
  VerificationDecision,
} from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const AUTH_INFO_KEY = ["verification", "authInfo"] as const;

export function useAuthInfo() {
  return useQuery({
    queryKey: AUTH_INFO_KEY,
    queryFn: () => api.call(endpoints.verification.mine),
  });
}

export const uploadFile = (purpose: UploadPurpose, file: File) =>
  api.callUpload(endpoints.files.upload, file, { query: { purpose, name: file.name } });

/** A stored file's bytes through the signed client (images become object URLs, documents downloads). */
export const fetchFile = (id: string) =>
  api.callDownload(endpoints.files.download, { params: { id: id }, quiet: true });

export const submitPersonal = (body: PersonalAuthSubmit) =>
  api.call(endpoints.verification.submitPersonal, { body: body });

export const submitCompany = (body: CompanyAuthSubmit) =>
  api.call(endpoints.verification.submitCompany, { body: body });

export const fetchReviewDetail = (id: string) => api.call(endpoints.verification.get, { params: { id: id } });

export const decideVerification = (body: VerificationDecision) =>
  api.call(endpoints.verification.decide, { body: body });
