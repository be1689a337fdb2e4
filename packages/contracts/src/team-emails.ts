import type { Locale } from "./locale";

/**
 * The invitation email a teammate receives (server-side text: the server builds the email, so
 * it lives here and not in a page's messages). Plain text, in the language the inviter chose.
 * Names arrive already cleaned of line breaks (the server escapes them).
 */
export type InvitationEmailInput = {
  brand: string;
  inviterName: string;
  workspaceName: string;
  role: "admin" | "agent";
  link: string;
  days: number;
};

type InvitationEmailTexts = {
  subject(input: InvitationEmailInput): string;
  body(input: InvitationEmailInput): string;
};

export const invitationEmailTexts: Record<Locale, InvitationEmailTexts> = {
  en: {
    subject: ({ brand, inviterName, workspaceName }) =>
      `${inviterName} invited you to ${workspaceName} on ${brand}`,
    body: ({ brand, inviterName, workspaceName, role, link, days }) =>
      [
        "Hello,",
        `${inviterName} invited you to join the team of ${workspaceName} on ${brand} as ${
          role === "admin" ? "an admin" : "an agent"
        }. ${
          role === "admin"
            ? "Admins manage the bots, channels, settings and the team; billing stays with the owner."
            : "Agents answer customers in the team's inbox when the bot hands a conversation over."
        }`,
        `To accept, open this link:\n\n${link}`,
        `The link works for ${days} days and only once. You sign in first, or create a ${brand} account with this email address if you have none.`,
        "If you did not expect this invitation, you can ignore this email.",
        `The ${brand} team`,
      ].join("\n\n"),
  },
  th: {
    subject: ({ brand, inviterName, workspaceName }) =>
      `${inviterName} เชิญคุณเข้าร่วมทีม ${workspaceName} บน ${brand}`,
    body: ({ brand, inviterName, workspaceName, role, link, days }) =>
      [
        "สวัสดี",
        `${inviterName} เชิญคุณเข้าร่วมทีม ${workspaceName} บน ${brand} ในบทบาท${
          role === "admin" ? "ผู้ดูแล" : "เจ้าหน้าที่"
        } ${
          role === "admin"
            ? "ผู้ดูแลจัดการบอท ช่องทาง การตั้งค่า และทีมได้ ส่วนการชำระเงินเป็นของเจ้าของ"
            : "เจ้าหน้าที่ตอบลูกค้าในกล่องข้อความของทีมเมื่อบอทส่งต่อบทสนทนามา"
        }`,
        `หากต้องการตอบรับ ให้เปิดลิงก์นี้\n\n${link}`,
        `ลิงก์ใช้ได้ ${days} วันและใช้ได้เพียงครั้งเดียว คุณต้องเข้าสู่ระบบก่อน หรือสร้างบัญชี ${brand} ด้วยอีเมลนี้หากยังไม่มีบัญชี`,
        "หากคุณไม่ได้คาดว่าจะได้รับคำเชิญนี้ ไม่ต้องทำอะไรกับอีเมลฉบับนี้",
        `ทีมงาน ${brand}`,
      ].join("\n\n"),
  },
};
