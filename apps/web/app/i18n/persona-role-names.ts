import { personaRoles } from "@jai/contracts/persona";
import type { Locale } from "./locale";
import type { Bilingual } from "./use-locale";

export type PersonaRole = (typeof personaRoles)[number];

/** The builder's suggested roles (stored in English) as every page shows them. */
export const personaRoleNames: Bilingual<Readonly<Record<PersonaRole, string>>> = {
  en: {
    "Support Agent": "Support Agent",
    "Sales Assistant": "Sales Assistant",
    Consultant: "Consultant",
    Teacher: "Teacher",
    "Customer Service": "Customer Service",
    "Technical Expert": "Technical Expert",
    Coach: "Coach",
    Advisor: "Advisor",
  },
  th: {
    "Support Agent": "เจ้าหน้าที่ดูแลลูกค้า",
    "Sales Assistant": "ผู้ช่วยฝ่ายขาย",
    Consultant: "ที่ปรึกษา",
    Teacher: "ครู",
    "Customer Service": "ฝ่ายบริการลูกค้า",
    "Technical Expert": "ผู้เชี่ยวชาญด้านเทคนิค",
    Coach: "โค้ช",
    Advisor: "ผู้ให้คำแนะนำ",
  },
};

/** A persona's role in `locale` when it is a suggested one; a role the owner typed, as typed. */
export function personaRoleText(role: string, locale: Locale): string {
  const trimmed = role.trim();
  const suggested = personaRoles.find((value) => value === trimmed);
  return suggested ? personaRoleNames[locale][suggested] : trimmed;
}

/** Whether the role is the owner's own words (not translated, so marked as user content). */
export function isSuggestedRole(role: string): boolean {
  return personaRoles.some((value) => value === role.trim());
}
