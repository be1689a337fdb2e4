import type { Bilingual } from "~/i18n/use-locale";

export const en = {
  title: "Notifications",
  intro:
    "Your own alerts in this workspace: which ones you get, how, and when not. Alerts that arrive together come as one.",
  common: {
    save: "Save",
    saving: "Saving…",
    saved: "Your notification settings are saved.",
    networkError: "Could not reach the server. Check your connection and try again.",
    unknownError: "Something went wrong. Please try again.",
  },
  events: {
    title: "Which alerts",
    intro: "You get an alert when…",
    handoff: "A customer asks for a person",
    waiting: "A customer waits for a person longer than your team's limit",
    newConversation: "A new conversation starts (when the workspace turns these alerts on)",
    negativeFeedback: "A customer gives negative feedback",
  },
  means: {
    title: "How",
    email: (address: string) => `By email to ${address}`,
    emailUnverified: "Your email address is not verified yet: alerts are sent once it is.",
    push: "In this browser and any other where you allow notifications",
    pushHint:
      "Browser notifications arrive even when Jai's page is closed, as long as the browser runs.",
  },
  browser: {
    title: "This browser",
    allow: "Allow browser notifications",
    allowing: "Asking the browser…",
    allowed: "Notifications are allowed in this browser.",
    turnOff: "Stop notifications in this browser",
    blocked:
      "The browser blocks notifications from this site. Allow them in the browser's site settings, then reload the page.",
    unsupported: "This browser cannot show notifications from websites.",
    notAllowed: "Notifications are not allowed in this browser yet.",
    failed: "The browser could not turn on notifications. Try again, or try another browser.",
    others: (count: number) =>
      count === 1
        ? "1 browser of yours gets notifications."
        : `${count} browsers of yours get notifications.`,
  },
  quiet: {
    title: "Quiet hours",
    enabled: "No email or browser notifications during these hours",
    from: "From",
    to: "To",
    zone: (timeZone: string) =>
      `In the workspace's time zone (${timeZone}). Alerts that arrive then are not sent to you later. The team's LINE staff group still gets them.`,
    invalid: "Enter a time like 22:00.",
  },
  test: {
    title: "Try it",
    send: "Send a test notification",
    sending: "Sending…",
    emailQueued: "A test email is on its way.",
    emailOff: "Email is off for you.",
    emailUnverified: "No email: your address is not verified.",
    pushSent: (sent: number) => (sent === 1 ? "Sent to 1 browser." : `Sent to ${sent} browsers.`),
    pushFailed: (failed: number) =>
      failed === 1 ? "1 browser could not be reached." : `${failed} browsers could not be reached.`,
    pushNone: "No browser gets notifications yet: allow them above.",
    pushOff: "Browser notifications are off for you.",
  },
};

export type NotificationsMessages = typeof en;

export const th: NotificationsMessages = {
  title: "การแจ้งเตือน",
  intro:
    "การแจ้งเตือนของคุณเองในเวิร์กสเปซนี้ เลือกได้ว่าจะรับเรื่องใด ทางไหน และช่วงเวลาที่ไม่ต้องการรับ การแจ้งเตือนที่เข้ามาพร้อมกันจะรวมเป็นครั้งเดียว",
  common: {
    save: "บันทึก",
    saving: "กำลังบันทึก…",
    saved: "บันทึกการตั้งค่าการแจ้งเตือนแล้ว",
    networkError: "ติดต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
    unknownError: "เกิดข้อผิดพลาด โปรดลองอีกครั้ง",
  },
  events: {
    title: "เรื่องที่ต้องการรับการแจ้งเตือน",
    intro: "แจ้งเตือนเมื่อ…",
    handoff: "ลูกค้าขอคุยกับเจ้าหน้าที่",
    waiting: "ลูกค้ารอเจ้าหน้าที่นานกว่าเวลาที่ทีมตั้งไว้",
    newConversation: "มีบทสนทนาใหม่ (เมื่อเวิร์กสเปซเปิดการแจ้งเตือนนี้ไว้)",
    negativeFeedback: "ลูกค้าให้คำติชมเชิงลบ",
  },
  means: {
    title: "ช่องทางที่รับ",
    email: (address: string) => `ทางอีเมล ${address}`,
    emailUnverified: "อีเมลของคุณยังไม่ได้ยืนยัน ระบบจะส่งการแจ้งเตือนทางอีเมลเมื่อยืนยันแล้ว",
    push: "บนเบราว์เซอร์นี้และเบราว์เซอร์อื่นที่คุณอนุญาตให้แสดงการแจ้งเตือน",
    pushHint: "การแจ้งเตือนบนเบราว์เซอร์จะแสดงแม้ปิดหน้าของ Jai อยู่ ตราบใดที่เบราว์เซอร์ยังเปิดอยู่",
  },
  browser: {
    title: "เบราว์เซอร์นี้",
    allow: "อนุญาตการแจ้งเตือนบนเบราว์เซอร์",
    allowing: "กำลังขออนุญาตจากเบราว์เซอร์…",
    allowed: "เบราว์เซอร์นี้อนุญาตการแจ้งเตือนแล้ว",
    turnOff: "หยุดการแจ้งเตือนบนเบราว์เซอร์นี้",
    blocked: "เบราว์เซอร์บล็อกการแจ้งเตือนจากเว็บไซต์นี้ อนุญาตได้ในการตั้งค่าเว็บไซต์ของเบราว์เซอร์ แล้วโหลดหน้านี้ใหม่",
    unsupported: "เบราว์เซอร์นี้แสดงการแจ้งเตือนจากเว็บไซต์ไม่ได้",
    notAllowed: "เบราว์เซอร์นี้ยังไม่ได้อนุญาตการแจ้งเตือน",
    failed: "เบราว์เซอร์เปิดการแจ้งเตือนไม่สำเร็จ ลองอีกครั้งหรือใช้เบราว์เซอร์อื่น",
    others: (count: number) => `มีเบราว์เซอร์ของคุณ ${count} เครื่องที่รับการแจ้งเตือน`,
  },
  quiet: {
    title: "ช่วงงดแจ้งเตือน",
    enabled: "ไม่ส่งอีเมลและการแจ้งเตือนบนเบราว์เซอร์ในช่วงเวลานี้",
    from: "ตั้งแต่",
    to: "ถึง",
    zone: (timeZone: string) =>
      `ตามเขตเวลาของเวิร์กสเปซ (${timeZone}) การแจ้งเตือนที่เข้ามาในช่วงนี้จะไม่ส่งย้อนหลังให้คุณ ส่วนกลุ่มทีมงานใน LINE ยังได้รับตามปกติ`,
    invalid: "ใส่เวลาในรูปแบบ 22:00",
  },
  test: {
    title: "ทดลองส่ง",
    send: "ส่งการแจ้งเตือนทดสอบ",
    sending: "กำลังส่ง…",
    emailQueued: "กำลังส่งอีเมลทดสอบให้คุณ",
    emailOff: "คุณปิดการแจ้งเตือนทางอีเมลไว้",
    emailUnverified: "ไม่ได้ส่งอีเมล เพราะอีเมลของคุณยังไม่ได้ยืนยัน",
    pushSent: (sent: number) => `ส่งถึงเบราว์เซอร์ ${sent} เครื่องแล้ว`,
    pushFailed: (failed: number) => `ส่งถึงเบราว์เซอร์ ${failed} เครื่องไม่สำเร็จ`,
    pushNone: "ยังไม่มีเบราว์เซอร์ที่รับการแจ้งเตือน กดอนุญาตด้านบนก่อน",
    pushOff: "คุณปิดการแจ้งเตือนบนเบราว์เซอร์ไว้",
  },
};

export const notificationsMessages: Bilingual<NotificationsMessages> = { en, th };
