// Personal (`authent`) and enterprise (`authent/company`) verification, its operator review, and
// the uploads they reference. File ids are checked by the server (both ID sides, at most five
// attachments) so that a missing one is named in the answer rather than as a bare schema error.
import { z } from "zod";
import { UPLOAD_PURPOSES, type UploadPurpose } from "../files";
import { v } from "../validation";
import { certificationStatus } from "./auth";

export const verificationKind = z.enum(["personal", "company"]);
export type VerificationKind = z.infer<typeof verificationKind>;

/** A submission's own status; the account's certificationStatus adds noAuth (never submitted). */
export const verificationStatus = z.enum(["authing", "authSucceed", "authFiled"]);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** Enterprise certificate types; each carries an 18-character unified social credit code. */
export const CERTIFICATE_TYPES = [
  "businessLicense",
  "institutionCertificate",
  "socialOrganizationCertificate",
  "privateNonEnterpriseCertificate",
] as const;
export const certificateType = z.enum(CERTIFICATE_TYPES);
export type CertificateType = z.infer<typeof certificateType>;

const fileRef = z.string().trim().max(64).nullish();
// Check digits are verified by the service (ID_NUMBER_INVALID, CREDIT_CODE_INVALID) with the
// functions of identity-numbers.ts that the web form runs too.
const identityNumber = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "validation.required")
  .max(32, "validation.invalid");

export const verificationContactName = z
  .string()
  .trim()
  .regex(/^[A-Za-z\u4e00-\u9fa5][A-Za-z\u4e00-\u9fa5·. ]{1,31}$/, "validation.contactName");

/**
 * The identity document of a personal verification: a resident ID card (a Chinese name, the 18-digit
 * number with its check digit), or a passport for a foreign national (a Latin-script name, a number
 * of 5 to 20 letters and digits). Its two photos are the card's two sides, or the passport's photo
 * page and its visa or residence-permit page.
 */
export const ID_DOCUMENT_TYPES = ["idCard", "passport"] as const;
export const idDocumentType = z.enum(ID_DOCUMENT_TYPES);
export type IdDocumentType = z.infer<typeof idDocumentType>;

/** The name and number rules of each document type (both the form and the server run them). */
export const documentRules = {
  idCard: { name: v.personName, number: identityNumber },
  passport: { name: v.latinName, number: v.passportNumber },
} as const;

export const personalAuthSubmit = z
  .object({
    /** Absent: an ID card, as before passports were accepted. */
    documentType: idDocumentType.default("idCard"),
    realName: z.string().trim(),
    idNumber: identityNumber,
    portraitFileId: fileRef,
    emblemFileId: fileRef,
  })
  .superRefine((body, ctx) => {
    const rules = documentRules[body.documentType];
    for (const [field, rule] of [
      ["realName", rules.name],
      ["idNumber", rules.number],
    ] as const) {
      const result = rule.safeParse(body[field]);
      if (!result.success)
        ctx.addIssue({ code: "custom", path: [field], message: result.error.issues[0]!.message });
    }
  });
export type PersonalAuthSubmit = z.infer<typeof personalAuthSubmit>;

export const companyAuthSubmit = z.object({
  certificateType,
  companyName: v.companyName,
  licenseNumber: identityNumber,
  legalPerson: v.personName,
  legalPersonIdNumber: identityNumber,
  contactPerson: verificationContactName,
  contactPhone: v.phone,
  licenseFileId: fileRef,
  attorneyFileIds: z.array(z.string().trim().max(64)).max(50).default([]),
});
export type CompanyAuthSubmit = z.infer<typeof companyAuthSubmit>;

export const verificationFileRole = z.enum(["portrait", "emblem", "license", "attorney"]);
export type VerificationFileRole = z.infer<typeof verificationFileRole>;

export const verificationFile = z.object({
  role: verificationFileRole,
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type VerificationFile = z.infer<typeof verificationFile>;

export const verificationRecord = z.object({
  id: z.string(),
  kind: verificationKind,
  status: verificationStatus,
  /** Personal: the identity document submitted; company: the legal person's, an ID card. */
  documentType: idDocumentType,
  /** Personal: realName, idNumber. Company: certificateType, companyName, licenseNumber, legalPerson,
   * legalPersonIdNumber, contactPerson, contactPhone. ID numbers are masked in tenant answers. */
  details: z.record(z.string(), z.string()),
  files: z.array(verificationFile),
  remark: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type VerificationRecord = z.infer<typeof verificationRecord>;

/** GET /users/getAuthUserInfoById: the organisation's state and its latest submission. */
export const authInfo = z.object({
  certificationStatus,
  authentStatus: certificationStatus,
  remark: z.string().nullable(),
  type: verificationKind.nullable(),
  /** The caller is the tenant administrator and the state allows a (new) submission. */
  canSubmit: z.boolean(),
  latest: verificationRecord.nullable(),
});
export type AuthInfo = z.infer<typeof authInfo>;

export const verificationQuery = z.object({
  status: verificationStatus.optional(),
  kind: verificationKind.optional(),
  keyword: z.string().trim().max(64).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const verificationRow = z.object({
  id: z.string(),
  kind: verificationKind,
  status: verificationStatus,
  documentType: idDocumentType,
  account: z.string(),
  orgName: z.string().nullable(),
  /** The verified person's name or the company's name. */
  subject: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type VerificationRow = z.infer<typeof verificationRow>;

export const verificationDetail = verificationRecord.extend({
  userSid: z.string(),
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  orgSid: z.string().nullable(),
  orgName: z.string().nullable(),
  reviewer: z.string().nullable(),
});
export type VerificationDetail = z.infer<typeof verificationDetail>;

export const verificationDecision = z.object({
  id: z.string().uuid(),
  approved: z.boolean(),
  // Required when rejecting (REMARK_REQUIRED): the tenant reads it to correct the documents.
  remark: z.string().trim().max(256, "validation.descriptionLength").default(""),
});
export type VerificationDecision = z.infer<typeof verificationDecision>;

export const uploadPurpose = z.enum(UPLOAD_PURPOSES as [UploadPurpose, ...UploadPurpose[]]);

/** Query of POST /files; the body is the file's bytes (application/octet-stream). */
export const fileUploadQuery = z.object({
  purpose: uploadPurpose,
  name: z.string().trim().min(1, "validation.required").max(128, "validation.invalid"),
  /** Hex SHA-256 of the body: the signature covers the query, so through it the bytes. */
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "validation.invalid")
    .transform((s) => s.toLowerCase()),
});

export const storedFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof storedFile>;
