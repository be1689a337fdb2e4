import type { Locale } from "./locale";

/**
 * Why a message to LINE, Messenger, Instagram or TikTok was not sent, as the senders store it
 * (`messages.delivery_error`, a channel's `last_error`: English, for logs and the API) and as the
 * team reads it on a page in its language. The senders write `deliveryProblems.x.en(…)`; a page
 * turns what was stored back into the same problem in Thai with `describeDeliveryProblem`. A
 * platform's own words (`detail`) stay as the platform wrote them, as on its own dashboard. The
 * Thai texts leave out "not sent:": every page that shows them says so before them.
 */
type Parts = { platform: string; detail: string };
type Problem = { en: (parts: Parts) => string; th: (parts: Parts) => string };

export const deliveryProblems = {
  botOutsideWindow: {
    en: () => "not sent: more than 24 hours since the customer's last message",
    th: () => "เกิน 24 ชั่วโมงนับจากข้อความล่าสุดของลูกค้า",
  },
  humanNeedsTag: {
    en: () =>
      "not sent: more than 24 hours since the customer's last message, and the Human Agent permission is off for this channel",
    th: () => "เกิน 24 ชั่วโมงนับจากข้อความล่าสุดของลูกค้า และช่องทางนี้ยังไม่ได้เปิดสิทธิ์ Human Agent",
  },
  humanOutsideTag: {
    en: () => "not sent: more than 7 days since the customer's last message",
    th: () => "เกิน 7 วันนับจากข้อความล่าสุดของลูกค้า",
  },
  neverWrote: {
    en: () => "not sent: the customer has not written to this channel yet",
    th: () => "ลูกค้ายังไม่เคยส่งข้อความมาทางช่องทางนี้",
  },
  optedOut: {
    en: () => "not sent: the customer cannot be reached on this channel",
    th: () => "ติดต่อลูกค้าทางช่องทางนี้ไม่ได้",
  },
  metaAuth: {
    en: () => "Meta refused the Page access token: connect the channel again",
    th: () => "Meta ไม่รับ Page access token: เชื่อมต่อช่องทางอีกครั้ง",
  },
  metaWindow: {
    en: ({ platform, detail }) =>
      `not sent: Meta says the message is outside the ${platform} messaging window (${detail})`,
    th: ({ platform, detail }) => `Meta แจ้งว่าเลยช่วงเวลาตอบกลับของ ${platform} แล้ว (${detail})`,
  },
  unreachable: {
    en: ({ platform }) =>
      `not sent: the person cannot be reached on ${platform} (they blocked the Page, or their account is gone)`,
    th: ({ platform }) => `ติดต่อลูกค้าทาง ${platform} ไม่ได้ (ลูกค้าบล็อกเพจ หรือบัญชีถูกลบไปแล้ว)`,
  },
  metaPermission: {
    en: ({ detail }) =>
      `not sent: Meta says the app lacks a permission for this message (${detail})`,
    th: ({ detail }) => `Meta แจ้งว่าแอปยังไม่มีสิทธิ์ส่งข้อความนี้ (${detail})`,
  },
  metaRefused: {
    en: ({ detail }) => `Meta refused the message (${detail})`,
    th: ({ detail }) => `Meta ไม่รับข้อความนี้ (${detail})`,
  },
  inactive: {
    en: ({ platform }) =>
      `not sent: the ${platform} channel is not active (disconnected, paused, or its token was refused)`,
    th: ({ platform }) => `ช่องทาง ${platform} ไม่ได้ใช้งานอยู่ (ยกเลิกการเชื่อมต่อ หยุดไว้ หรือโทเค็นถูกปฏิเสธ)`,
  },
  tiktokOutsideWindow: {
    en: () =>
      "not sent: more than 48 hours since the customer's last message (TikTok allows replies for 48 hours)",
    th: () => "เกิน 48 ชั่วโมงนับจากข้อความล่าสุดของลูกค้า (TikTok ให้ตอบกลับได้ภายใน 48 ชั่วโมง)",
  },
  tiktokNeverWrote: {
    en: () =>
      "not sent: the customer has not written to this TikTok account (a business cannot start a conversation)",
    th: () => "ลูกค้ายังไม่เคยส่งข้อความมาที่บัญชี TikTok นี้ (ธุรกิจเริ่มบทสนทนาเองไม่ได้)",
  },
  tiktokDisconnected: {
    en: () => "the TikTok channel was disconnected before the message was sent",
    th: () => "ช่องทาง TikTok ถูกยกเลิกการเชื่อมต่อก่อนส่งข้อความ",
  },
  imageGone: {
    en: () => "not sent: the image was deleted before it could be sent",
    th: () => "รูปภาพถูกลบไปก่อนส่ง",
  },
  tiktokAuth: {
    en: () => "TikTok refused the access token: connect the TikTok channel again",
    th: () => "TikTok ไม่รับโทเค็น: เชื่อมต่อช่องทาง TikTok อีกครั้ง",
  },
  tiktokNotApproved: {
    en: () =>
      "TikTok says the business account is not approved for the Business Messaging API: apply to TikTok, then connect again",
    th: () =>
      "TikTok แจ้งว่าบัญชีธุรกิจยังไม่ได้รับการอนุมัติให้ใช้ Business Messaging API: ขออนุมัติกับ TikTok แล้วเชื่อมต่ออีกครั้ง",
  },
  tiktokWindow: {
    en: ({ detail }) => `not sent: TikTok says the 48-hour reply window has closed (${detail})`,
    th: ({ detail }) => `TikTok แจ้งว่าเลยช่วงเวลาตอบกลับ 48 ชั่วโมงแล้ว (${detail})`,
  },
  tiktokRefused: {
    en: ({ detail }) => `TikTok refused the message (${detail})`,
    th: ({ detail }) => `TikTok ไม่รับข้อความนี้ (${detail})`,
  },
  lineDisconnected: {
    en: () => "the LINE channel was disconnected before the reply was sent",
    th: () => "ช่องทาง LINE ถูกยกเลิกการเชื่อมต่อก่อนส่งคำตอบ",
  },
  lineBlocked: {
    en: () => "not sent: the person unfollowed or blocked the LINE account",
    th: () => "ลูกค้าเลิกติดตามหรือบล็อกบัญชี LINE แล้ว",
  },
  lineAuth: {
    en: () => "LINE refused the channel access token: connect the LINE channel again",
    th: () => "LINE ไม่รับ Channel access token: เชื่อมต่อช่องทาง LINE อีกครั้ง",
  },
  lineRefused: {
    en: ({ detail }) => `LINE refused the message (${detail})`,
    th: ({ detail }) => `LINE ไม่รับข้อความนี้ (${detail})`,
  },
} satisfies Record<string, Problem>;

/** What was stored, in English, for each problem: a pattern with the platform and the detail. */
const patterns = Object.values(deliveryProblems).map((problem: Problem) => {
  const sample = problem.en({ platform: "\u0000", detail: "\u0001" });
  const source = sample
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace("\u0000", "(?<platform>[A-Za-z]+)")
    .replace("\u0001", "(?<detail>.*)");
  return { problem, pattern: new RegExp(`^${source}$`, "s") };
});

/**
 * A stored problem in `locale`; what no sender wrote (an older row, say) comes back as stored.
 */
export function describeDeliveryProblem(stored: string, locale: Locale): string {
  if (locale === "en") return stored;
  for (const { problem, pattern } of patterns) {
    const match = pattern.exec(stored);
    if (match) {
      return problem[locale]({
        platform: match.groups?.platform ?? "",
        detail: match.groups?.detail ?? "",
      });
    }
  }
  return stored;
}
