// The validation rules of spec §5 as zod schemas. Messages are i18n keys ("validation.*") that the
// web translates and the server resolves through the same texts (validation-messages.ts).
import { z } from "zod";

export const PASSWORD_SPECIALS = "~!@#$%^&*?";
const FORBIDDEN_NAME_CHARS = /[/@<>|~!【】&%^?*]/;
// CJK ideographs: extension A, the unified block and the compatibility block (no surrogate pairs,
// so a name's length is its number of characters).
const HAN = "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff";
// Latin letters: ASCII, Latin-1 (without × and ÷) and Latin Extended-A and -B.
const LATIN = "A-Za-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f";

export const patterns = {
  phone: /^1[3-9]\d{9}$/,
  smsCode: /^\d{6}$/,
  username: /^[A-Za-z][A-Za-z0-9_-]{3,15}$/,
  // Names in forms: start with a letter or Chinese character; letters, Chinese, digits, _ and -.
  formName: /^[A-Za-z\u4e00-\u9fa5][A-Za-z0-9\u4e00-\u9fa5_-]{1,127}$/,
  // Company names also allow the spaces, brackets and dots that registered names carry.
  companyName: /^[A-Za-z\u4e00-\u9fa5][A-Za-z0-9\u4e00-\u9fa5_\-()（）.· ]{1,127}$/,
  resourceName: /^[A-Za-z0-9\u4e00-\u9fa5-]{0,23}[A-Za-z0-9\u4e00-\u9fa5]$/,
  // Spec §5: a Chinese name of at most 10 characters (the length is the schema's), the rarer CJK
  // characters of real names included, a middle dot only between two characters (少数民族 names).
  personName: new RegExp(`^[${HAN}](?:·?[${HAN}])*$`),
  // A foreign national's name as on the passport: Latin letters (accents included), spaces, dots,
  // hyphens and apostrophes, starting with a letter (2 to 64 characters: the schema's).
  latinName: new RegExp(`^[${LATIN}][${LATIN} .'-]*$`),
  // Passport numbers differ by country: 5 to 20 letters and digits.
  passportNumber: /^[A-Za-z0-9]{5,20}$/,
  httpScheme: /^https?:/i,
} as const;

const noForbidden = (s: string) => !FORBIDDEN_NAME_CHARS.test(s);
const notUrl = (s: string) => !patterns.httpScheme.test(s);

export const v = {
  phone: z.string().trim().regex(patterns.phone, "validation.phone"),
  email: z
    .string()
    .trim()
    .min(1, "validation.required")
    .max(128, "validation.email")
    .email("validation.email"),
  smsCode: z.string().trim().regex(patterns.smsCode, "validation.smsCode"),
  username: z
    .string()
    .trim()
    .min(4, "validation.usernameLength")
    .max(16, "validation.usernameLength")
    .regex(patterns.username, "validation.usernamePattern"),
  formName: z
    .string()
    .trim()
    .min(2, "validation.nameLength")
    .max(128, "validation.nameLength")
    .refine(notUrl, "validation.nameUrl")
    .refine(noForbidden, "validation.nameForbidden")
    .regex(patterns.formName, "validation.namePattern"),
  companyName: z
    .string()
    .trim()
    .min(2, "validation.nameLength")
    .max(128, "validation.nameLength")
    .refine(notUrl, "validation.nameUrl")
    .refine(noForbidden, "validation.nameForbidden")
    .regex(patterns.companyName, "validation.namePattern"),
  generalInput: z.string().trim().min(3, "validation.generalLength").max(64, "validation.generalLength"),
  description: z
    .string()
    .trim()
    .refine((s) => s.length === 0 || (s.length >= 2 && s.length <= 256), "validation.descriptionLength"),
  freeText: z.string().max(2000, "validation.freeTextLength"),
  resourceName: z.string().trim().regex(patterns.resourceName, "validation.resourceName"),
  personName: z
    .string()
    .trim()
    .min(1, "validation.personName")
    .max(10, "validation.personName")
    .regex(patterns.personName, "validation.personName"),
  latinName: z
    .string()
    .trim()
    .min(2, "validation.latinName")
    .max(64, "validation.latinName")
    .regex(patterns.latinName, "validation.latinName"),
  passportNumber: z.string().trim().toUpperCase().regex(patterns.passportNumber, "validation.passportNumber"),
  // Shape only; the password policy (length range, classes, distinct characters) is checked by
  // checkPassword so that the operator can change the policy.
  password: z.string().min(1, "validation.required").max(64, "validation.passwordLength"),
};

export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  minDistinct: number;
  /** Days until a password expires; 0 means never. */
  expiryDays: number;
  /**
   * A tenant may require both an upper-case and a lower-case letter on top of the letter, digit and
   * special character that spec §5 always requires. Absent means not required.
   */
  requireMixedCase?: boolean;
};

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  maxLength: 12,
  minDistinct: 4,
  expiryDays: 90,
};

export type PasswordProblem =
  | "length"
  | "letter"
  | "mixedCase"
  | "digit"
  | "special"
  | "charset"
  | "distinct";

/**
 * Spec §5: 8 to 12 characters with a letter, a digit and one of ~!@#$%^&*?, plus the policy's
 * minimum distinct characters and, when the tenant asks for it, both letter cases.
 */
export function checkPassword(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < policy.minLength || password.length > policy.maxLength) problems.push("length");
  if (!/[A-Za-z]/.test(password)) problems.push("letter");
  if (policy.requireMixedCase && !(/[A-Z]/.test(password) && /[a-z]/.test(password)))
    problems.push("mixedCase");
  if (!/\d/.test(password)) problems.push("digit");
  if (![...password].some((ch) => PASSWORD_SPECIALS.includes(ch))) problems.push("special");
  if (![...password].every((ch) => /[A-Za-z\d]/.test(ch) || PASSWORD_SPECIALS.includes(ch)))
    problems.push("charset");
  if (new Set(password).size < policy.minDistinct) problems.push("distinct");
  return problems;
}

const PROBLEM_TEXT: Record<
  PasswordProblem,
  { zh: (p: PasswordPolicy) => string; en: (p: PasswordPolicy) => string }
> = {
  length: {
    zh: (p) => `长度为${p.minLength}到${p.maxLength}位`,
    en: (p) => `${p.minLength} to ${p.maxLength} characters`,
  },
  letter: { zh: () => "至少包含一个字母", en: () => "at least one letter" },
  mixedCase: {
    zh: () => "同时包含大写字母和小写字母",
    en: () => "both an upper-case and a lower-case letter",
  },
  digit: { zh: () => "至少包含一个数字", en: () => "at least one digit" },
  special: {
    zh: () => `至少包含一个特殊字符 ${PASSWORD_SPECIALS}`,
    en: () => `at least one of ${PASSWORD_SPECIALS}`,
  },
  charset: {
    zh: () => `只能使用字母、数字和 ${PASSWORD_SPECIALS}`,
    en: () => `only letters, digits and ${PASSWORD_SPECIALS}`,
  },
  distinct: {
    zh: (p) => `至少${p.minDistinct}个不同字符`,
    en: (p) => `at least ${p.minDistinct} different characters`,
  },
};

/** The problems of checkPassword as words in both languages, for messages. */
export function passwordProblemText(
  problems: PasswordProblem[],
  policy: PasswordPolicy,
): { zh: string; en: string } {
  return {
    zh: problems.map((p) => PROBLEM_TEXT[p].zh(policy)).join("；"),
    en: problems.map((p) => PROBLEM_TEXT[p].en(policy)).join("; "),
  };
}
