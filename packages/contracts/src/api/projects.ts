// Projects of access control (page `project`, CH04 read, CH0401 write): every resource belongs to
// a project, and project members see only their projects' resources (maxDataScope).
import { z } from "zod";
import { v } from "../validation";
import { pageQuery } from "./common";

/** The project's contact person: required, at most 32 characters, no special characters of names. */
export const contactName = z
  .string()
  .trim()
  .min(1, "validation.required")
  .max(32, "validation.contactLength")
  .refine((s) => !/[/@<>|~!【】&%^?*]/.test(s), "validation.nameForbidden");

export const projectBody = z.object({
  name: v.formName,
  description: v.description.default(""),
  contact: contactName,
  phone: v.phone,
});
export type ProjectBody = z.input<typeof projectBody>;

export const projectQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

export const projectRecord = z.object({
  projectId: z.string(),
  name: z.string(),
  description: z.string(),
  contact: z.string(),
  phone: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ProjectRecord = z.infer<typeof projectRecord>;

export const projectMember = z.object({
  userSid: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  status: z.enum(["enabled", "disabled"]),
});
export type ProjectMember = z.infer<typeof projectMember>;

export const projectDetail = projectRecord.extend({ members: z.array(projectMember) });
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectIdParams = z.object({ projectId: z.string().uuid() });
export const projectMemberParams = projectIdParams.extend({ userSid: z.string().uuid() });

export const projectMembersBody = z.object({
  userSids: z.array(z.string().uuid()).min(1, "validation.required").max(100, "validation.quantityMax"),
});

/** Users of the organisation who are not yet members, for the member picker. */
export const projectCandidateQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});
