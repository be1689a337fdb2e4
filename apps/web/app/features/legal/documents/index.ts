import type { Bilingual } from "~/i18n/use-locale";
import type { LegalDocumentId } from "../legal-document-ids";
import { pdpaEn } from "./pdpa.en";
import { pdpaTh } from "./pdpa.th";
import { privacyPolicyEn } from "./privacy-policy.en";
import { privacyPolicyTh } from "./privacy-policy.th";
import { termsOfServiceEn } from "./terms-of-service.en";
import { termsOfServiceTh } from "./terms-of-service.th";
import type { LegalDocument } from "./types";

/** Every legal document in both languages (server side only: the pages frame the HTML). */
export const legalDocuments: Record<LegalDocumentId, Bilingual<LegalDocument>> = {
  "privacy-policy": { en: privacyPolicyEn, th: privacyPolicyTh },
  "terms-of-service": { en: termsOfServiceEn, th: termsOfServiceTh },
  pdpa: { en: pdpaEn, th: pdpaTh },
};
