import type { Bilingual } from "~/i18n/use-locale";

const en = {
  up: "The customer found this reply helpful",
  down: "The customer found this reply not helpful",
  reason: "Why",
  csat: (score: string) => `CSAT ${score}/5`,
  csatLabel: (score: string) => `Customer satisfaction: ${score} out of 5`,
  csatAsked: "CSAT asked, no answer yet",
};

/** The transcript's feedback: thumbs under the bot's replies, the satisfaction score (CSAT). */
export const transcriptFeedbackMessages: Bilingual<typeof en> = {
  en,
  th: {
    up: "ลูกค้ากดถูกใจคำตอบนี้",
    down: "ลูกค้ากดไม่ถูกใจคำตอบนี้",
    reason: "เหตุผล",
    csat: (score) => `คะแนนความพึงพอใจ ${score}/5`,
    csatLabel: (score) => `คะแนนความพึงพอใจของลูกค้า ${score} จาก 5`,
    csatAsked: "ถามคะแนนความพึงพอใจแล้ว ยังไม่ได้รับคำตอบ",
  },
};
