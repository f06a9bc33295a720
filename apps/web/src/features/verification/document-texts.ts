// What a personal verification's fields and photos are called for each identity document: an ID
// card's number and two sides, or a passport's number, photo page and visa or residence-permit page.
import type { IdDocumentType } from "@skyledger/contracts";

export type DocumentTexts = {
  number: string;
  portrait: string;
  emblem: string;
  portraitWhat: string;
  emblemWhat: string;
  namePlaceholder: string;
  nameHint: string;
  numberPlaceholder: string;
  photoHint: string;
};

/** i18n keys of each document type's texts. */
export const DOCUMENT_TEXTS: Record<IdDocumentType, DocumentTexts> = {
  idCard: {
    number: "verification.fields.idNumber",
    portrait: "verification.fields.portrait",
    emblem: "verification.fields.emblem",
    portraitWhat: "verification.what.portrait",
    emblemWhat: "verification.what.emblem",
    namePlaceholder: "verification.placeholders.realName",
    nameHint: "verification.hints.nameIdCard",
    numberPlaceholder: "verification.placeholders.idNumber",
    photoHint: "verification.hints.idPhoto",
  },
  passport: {
    number: "verification.passport.number",
    portrait: "verification.passport.portrait",
    emblem: "verification.passport.emblem",
    portraitWhat: "verification.passport.portraitWhat",
    emblemWhat: "verification.passport.emblemWhat",
    namePlaceholder: "verification.passport.namePlaceholder",
    nameHint: "verification.passport.nameHint",
    numberPlaceholder: "verification.passport.numberPlaceholder",
    photoHint: "verification.passport.photoHint",
  },
};

/** The label key of a stored file's role: a personal submission's photos depend on its document. */
export function fileLabelKey(role: string, documentType: IdDocumentType): string {
  if (role === "portrait" || role === "emblem") return DOCUMENT_TEXTS[documentType][role];
  return `verification.fields.${role}`;
}
