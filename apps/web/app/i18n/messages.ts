import { en } from "./en";
import { th } from "./th";
import { type Bilingual, useMessages } from "./use-locale";

export const commonMessages: Bilingual<typeof en> = { en, th };

export function useCommonMessages() {
  return useMessages(commonMessages);
}
