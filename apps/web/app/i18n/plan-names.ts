import type { PlanId } from "@jai/contracts";
import type { Bilingual } from "./use-locale";

/** The plans' names as every page shows them (the pricing page's cards use the same words). */
export const planNames: Bilingual<Readonly<Record<PlanId, string>>> = {
  en: {
    free: "Free Trial",
    starter: "Starter",
    pro: "Pro",
    business: "Business",
    enterprise: "Enterprise",
  },
  th: {
    free: "ทดลองใช้ฟรี",
    starter: "เริ่มต้น",
    pro: "โปร",
    business: "ธุรกิจ",
    enterprise: "องค์กร",
  },
};
