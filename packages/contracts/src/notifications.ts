import type { NotificationPrefs, WorkspaceRole } from "./inbox";
import type { Locale } from "./locale";
import { z } from "./zod";

/**
 * The team's alerts (`/app/notifications`, `/api/console/notifications/*`): a member's browser
 * subscriptions (Web Push), what the settings page shows, and the words of every alert (email,
 * browser notification, LINE staff group) in both languages. Browser-safe.
 */

export const notificationLimits = {
  /** Browsers (push subscriptions) per user; the oldest goes when one more subscribes. */
  pushSubscriptionsPerUser: 10,
  /** A push service's URL, in characters. */
  pushEndpoint: 2048,
  /** A batch is sent once its oldest alert is this old (or `batchMaxAlerts` wait). */
  batchWindowSeconds: 30,
  batchMaxAlerts: 20,
  /** Alerts listed one by one in a LINE message (the rest are counted). */
  lineListed: 10,
  /** Test notifications a member may send themselves per hour. */
  testsPerHour: 5,
} as const;

/** The kinds of alerts, as `notifications.kind` stores them. */
export const alertKinds = ["handoff", "new_conversation", "waiting", "negative_feedback"] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Which preference switch governs a kind. */
export const alertEventKey = {
  handoff: "handoff",
  new_conversation: "newConversation",
  waiting: "waiting",
  negative_feedback: "negativeFeedback",
} as const satisfies Record<AlertKind, keyof NotificationPrefs["events"]>;

/**
 * The alerts a role gets: agents hear about customers waiting for a person (handoff, waiting);
 * owners and admins about everything their preferences keep.
 */
export function alertKindsForRole(role: WorkspaceRole): readonly AlertKind[] {
  return role === "agent" ? ["handoff", "waiting"] : alertKinds;
}

const base64url = (bytes: number) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "base64url")
    .refine((value) => decodedLength(value) === bytes, "length");

/** How many bytes a base64url string decodes to (padding ignored). */
function decodedLength(value: string): number {
  const bare = value.replace(/=+$/, "");
  return Math.floor((bare.length * 3) / 4);
}

/**
 * What the browser's `PushSubscription.toJSON()` gives: the push service's URL and the keys
 * the payload is encrypted for (RFC 8291: a P-256 public key, 65 bytes, and a 16-byte secret).
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(notificationLimits.pushEndpoint)
    .refine((value) => /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value), "url"),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionSchema>;

/** DELETE …/push-subscriptions: the browser's subscription to forget. */
export const PushUnsubscribeSchema = z.object({
  endpoint: z.string().trim().min(1).max(notificationLimits.pushEndpoint),
});

/** GET …/push-key: the VAPID public key browsers subscribe with (never the private one). */
export type PushKeyDto = { publicKey: string };

/** GET / PUT …/preferences: the member's own alert settings in the current workspace. */
export type NotificationSettingsDto = {
  prefs: NotificationPrefs;
  role: WorkspaceRole;
  /** The alerts this role can get (the page shows a switch for each). */
  kinds: AlertKind[];
  /** The workspace's time zone, which quiet hours are read in. */
  timeZone: string;
  /** Browsers of this user that get notifications (all workspaces). */
  pushSubscriptions: number;
  /** Whether the email address is verified (alerts go only to verified addresses). */
  emailVerified: boolean;
};

/** POST …/test: what the test notification did, by means. */
export type TestNotificationDto = {
  email: "queued" | "off" | "unverified";
  push: { sent: number; failed: number; subscriptions: number } | "off";
};

// ---- the words of alerts -------------------------------------------------------------------

/** One alert as every means words it. */
export type AlertText = {
  kind: AlertKind;
  contactName: string | null;
  channel: string | null;
  botName: string | null;
  /** handoff: "request" | "button" | "keyword" | "unanswered" | "feedback". */
  reason: string | null;
  /** The customer's last words, cut. */
  preview: string | null;
  /** waiting: minutes waited so far. */
  waitingMinutes: number | null;
};

const channelNames: Record<Locale, Record<string, string>> = {
  en: {
    web: "bot page",
    widget: "website widget",
    api: "API",
    line: "LINE",
    messenger: "Messenger",
    instagram: "Instagram",
    tiktok: "TikTok",
  },
  th: {
    web: "หน้าแชทบอท",
    widget: "วิดเจ็ตบนเว็บไซต์",
    api: "API",
    line: "LINE",
    messenger: "Messenger",
    instagram: "Instagram",
    tiktok: "TikTok",
  },
};

const reasons: Record<Locale, Record<string, string>> = {
  en: {
    request: "asked for a person",
    button: "asked for a person",
    keyword: "wrote one of the handoff keywords",
    unanswered: "the bot could not answer several times in a row",
    feedback: "gave negative feedback",
  },
  th: {
    request: "ขอคุยกับเจ้าหน้าที่",
    button: "ขอคุยกับเจ้าหน้าที่",
    keyword: "พิมพ์คำที่ตั้งไว้ให้ส่งต่อให้เจ้าหน้าที่",
    unanswered: "บอทตอบไม่ได้หลายครั้งติดกัน",
    feedback: "ให้คำติชมเชิงลบ",
  },
};

const isWaitingKind = (kind: AlertKind) => kind === "handoff" || kind === "waiting";

/** The words of alerts, per language. Names and previews come in already cleaned. */
export const alertTexts = {
  en: {
    someone: "A customer",
    channel: (channel: string) => channelNames.en[channel] ?? channel,
    /** What happened, after the contact's name. */
    what(alert: AlertText): string {
      switch (alert.kind) {
        case "handoff":
          return reasons.en[alert.reason ?? "request"] ?? reasons.en.request!;
        case "waiting":
          return `has been waiting ${alert.waitingMinutes ?? "a few"} min for a person`;
        case "new_conversation":
          return "started a new conversation";
        case "negative_feedback":
          return "gave negative feedback";
      }
    },
    /** The subject of a batch (email) and the title of its browser notification. */
    subject(alerts: readonly AlertText[], customers: number): string {
      const first = alerts[0]!;
      const name = first.contactName ?? "A customer";
      const kinds = new Set(alerts.map((alert) => alert.kind));
      if ([...kinds].every(isWaitingKind)) {
        return customers <= 1
          ? `${name} is waiting for a person`
          : `${customers} customers are waiting for a person`;
      }
      if (kinds.size === 1 && kinds.has("new_conversation")) {
        return alerts.length === 1
          ? `New conversation with ${name}`
          : `${alerts.length} new conversations`;
      }
      if (kinds.size === 1 && kinds.has("negative_feedback")) {
        return customers <= 1
          ? `${name} gave negative feedback`
          : `${customers} customers gave negative feedback`;
      }
      return `${alerts.length} new alerts`;
    },
    more: (count: number) => `and ${count} more`,
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: (workspace: string) => `In ${workspace}:`,
    openConversation: "Open the conversation:",
    openInbox: (link: string) => `Open the inbox: ${link}`,
    footer: (workspace: string, link: string) =>
      `You get these alerts as a member of ${workspace}. Choose which alerts you get, how, and your quiet hours: ${link}`,
    signature: (brand: string) => `— ${brand}`,
    testSubject: (brand: string) => `Test notification from ${brand}`,
    testBody: (workspace: string) =>
      `This is a test notification for ${workspace}. Alerts about customers waiting for a person will arrive like this.`,
  },
  th: {
    someone: "ลูกค้า",
    channel: (channel: string) => channelNames.th[channel] ?? channel,
    what(alert: AlertText): string {
      switch (alert.kind) {
        case "handoff":
          return reasons.th[alert.reason ?? "request"] ?? reasons.th.request!;
        case "waiting":
          return `รอเจ้าหน้าที่มาแล้ว ${alert.waitingMinutes ?? "หลาย"} นาที`;
        case "new_conversation":
          return "เริ่มบทสนทนาใหม่";
        case "negative_feedback":
          return "ให้คำติชมเชิงลบ";
      }
    },
    subject(alerts: readonly AlertText[], customers: number): string {
      const first = alerts[0]!;
      const name = first.contactName ?? "ลูกค้า";
      const kinds = new Set(alerts.map((alert) => alert.kind));
      if ([...kinds].every(isWaitingKind)) {
        return customers <= 1 ? `${name} กำลังรอเจ้าหน้าที่` : `ลูกค้า ${customers} คนกำลังรอเจ้าหน้าที่`;
      }
      if (kinds.size === 1 && kinds.has("new_conversation")) {
        return alerts.length === 1 ? `บทสนทนาใหม่กับ ${name}` : `บทสนทนาใหม่ ${alerts.length} รายการ`;
      }
      if (kinds.size === 1 && kinds.has("negative_feedback")) {
        return customers <= 1 ? `${name} ให้คำติชมเชิงลบ` : `ลูกค้า ${customers} คนให้คำติชมเชิงลบ`;
      }
      return `การแจ้งเตือนใหม่ ${alerts.length} รายการ`;
    },
    more: (count: number) => `และอีก ${count} รายการ`,
    greeting: (name: string) => (name ? `สวัสดี ${name}` : "สวัสดี"),
    intro: (workspace: string) => `ในเวิร์กสเปซ ${workspace}:`,
    openConversation: "เปิดบทสนทนา:",
    openInbox: (link: string) => `เปิดกล่องข้อความ: ${link}`,
    footer: (workspace: string, link: string) =>
      `คุณได้รับการแจ้งเตือนนี้ในฐานะสมาชิกทีมของเวิร์กสเปซ ${workspace} เลือกได้ว่าจะรับการแจ้งเตือนเรื่องใด ทางไหน และตั้งช่วงงดแจ้งเตือนได้ที่ ${link}`,
    signature: (brand: string) => `— ${brand}`,
    testSubject: (brand: string) => `การแจ้งเตือนทดสอบจาก ${brand}`,
    testBody: (workspace: string) =>
      `นี่คือการแจ้งเตือนทดสอบของเวิร์กสเปซ ${workspace} เมื่อมีลูกค้ารอเจ้าหน้าที่ คุณจะได้รับการแจ้งเตือนแบบนี้`,
  },
} as const satisfies Record<Locale, unknown>;

/**
 * What Jai says in a LINE group when its account joins (or leaves the alerts off): both
 * languages in one message, since the group's language is unknown.
 */
export const lineStaffGroupTexts = {
  joinedEnabled: [
    "กลุ่มนี้เป็นกลุ่มทีมงานของ Jai แล้ว การแจ้งเตือนเรื่องลูกค้าที่รอเจ้าหน้าที่จะส่งมาที่นี่ แต่ละครั้งเป็นข้อความพุชซึ่งนับรวมในโควตาของ LINE",
    "This group is now Jai's staff group: alerts about customers waiting for a person will be posted here. Each alert is a push message that counts against your LINE quota.",
  ].join("\n\n"),
  joinedDisabled: [
    "กลุ่มนี้เป็นกลุ่มทีมงานของ Jai แล้ว เมื่อผู้ดูแลเปิดการแจ้งเตือนทาง LINE ในการตั้งค่าของ Jai การแจ้งเตือนเรื่องลูกค้าที่รอเจ้าหน้าที่จะส่งมาที่นี่ แต่ละครั้งเป็นข้อความพุชซึ่งนับรวมในโควตาของ LINE",
    "This group is now Jai's staff group. Once an admin turns on LINE alerts in Jai's settings, alerts about customers waiting for a person will be posted here. Each alert is a push message that counts against your LINE quota.",
  ].join("\n\n"),
} as const;
