import type { CsatDto, MessageFeedbackDto } from "./analytics";
import type { ChatMedia, ChatSource } from "./chat";
import { locales } from "./locale";
import { cleanText, safeText } from "./text";
import { z } from "./zod";

/**
 * The team inbox (`/app/inbox`, `/api/console/inbox/*`), teammates (`/api/console/team/*`),
 * handoff and business hours, and alert preferences: request schemas both sides validate with,
 * the shapes the API answers, and their limits. Browser-safe.
 */

export const inboxLimits = {
  /** A teammate's reply, in characters (LINE's text limit is 5,000; longer replies split). */
  replyText: 5000,
  /** An image a teammate sends. */
  replyImageBytes: 5 * 1024 * 1024,
  /** Conversations per page of the list. */
  pageSize: 30,
  /** The list's search, in characters. */
  search: 100,
  cannedReplies: 200,
  cannedShortcut: 30,
  cannedBody: 2000,
  contactNotes: 5000,
  contactName: 120,
  handoffKeywords: 30,
  handoffKeyword: 60,
  handoffMessage: 500,
  /** Unanswered replies in a row before a person is asked (0: never). */
  handoffAfterUnansweredMax: 10,
  /** Past conversations shown in the contact panel. */
  pastConversations: 10,
  /** Messages of one conversation loaded at once (the newest). */
  transcriptMessages: 500,
  /** Invitations waiting at once, per workspace. */
  pendingInvitations: 50,
  invitationDays: 7,
  workspaceName: 80,
  /** Snoozing: at most this far ahead. */
  snoozeDays: 30,
} as const;

// ---- statuses ------------------------------------------------------------------------------

/**
 * Who answers a conversation: `bot` (the bot answers), `pending` (a person was asked for and
 * the bot is silent), `open` (a person owns it; the bot is silent), `resolved`, `snoozed` (until
 * a time; then `pending`, or `open` if someone owns it).
 */
export const conversationStatuses = ["bot", "pending", "open", "resolved", "snoozed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** What a teammate can do to a conversation (POST …/actions). */
export const inboxActions = [
  "take_over",
  "assign",
  "unassign",
  "resolve",
  "hand_back",
  "snooze",
  "reopen",
] as const;
export type InboxAction = (typeof inboxActions)[number];

export const InboxActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("take_over") }),
  z.object({ action: z.literal("assign"), assigneeId: z.string().min(1).max(100) }),
  z.object({ action: z.literal("unassign") }),
  z.object({ action: z.literal("resolve") }),
  z.object({ action: z.literal("hand_back") }),
  z.object({ action: z.literal("snooze"), until: z.iso.datetime({ offset: true }) }),
  z.object({ action: z.literal("reopen") }),
]);
export type InboxActionInput = z.input<typeof InboxActionSchema>;

/** A change of a conversation, as the transcript shows it ("Nok took over"). */
export type ConversationEventDto = {
  type:
    | "handoff_requested"
    | "taken_over"
    | "assigned"
    | "unassigned"
    | "handed_back"
    | "resolved"
    | "reopened"
    | "snoozed"
    | "woke";
  actorName: string | null;
  assigneeName: string | null;
  /** handoff_requested: "request" | "button" | "keyword" | "unanswered" | "feedback". */
  reason: string | null;
  until: string | null;
};

// ---- the list ------------------------------------------------------------------------------

export const inboxChannels = [
  "web",
  "widget",
  "api",
  "line",
  "messenger",
  "instagram",
  "tiktok",
] as const;
export type InboxChannel = (typeof inboxChannels)[number];

/** GET /api/console/inbox/conversations?… (every filter optional). */
export const InboxListQuerySchema = z.object({
  status: z.enum([...conversationStatuses, "all", "human"]).optional(),
  botId: z.string().min(1).max(64).optional(),
  channel: z.enum(inboxChannels).optional(),
  assignee: z.enum(["mine", "unassigned", "all"]).optional(),
  feedback: z.enum(["1"]).optional(),
  q: safeText().trim().max(inboxLimits.search).optional(),
  cursor: z.string().max(200).optional(),
});
export type InboxListQuery = z.input<typeof InboxListQuerySchema>;

export type InboxPersonDto = { id: string; name: string };

export type InboxConversationDto = {
  id: string;
  botId: string;
  botName: string;
  channel: InboxChannel;
  status: ConversationStatus;
  contact: { id: string; name: string | null; avatarUrl: string | null };
  assignee: InboxPersonDto | null;
  lastMessage: { at: string; sender: "user" | "bot" | "human" | "event" | null; preview: string };
  /** Whether the customer wrote after the signed-in teammate last read it. */
  unread: boolean;
  /** Pending: since when the customer waits. */
  waitingSince: string | null;
  snoozedUntil: string | null;
  hasFeedback: boolean;
};

export type InboxPageDto = {
  conversations: InboxConversationDto[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
};

// ---- one conversation ----------------------------------------------------------------------

export type InboxMessageDto = {
  id: string;
  sender: "user" | "bot" | "human" | "event";
  content: string;
  status: "completed" | "streaming" | "cancelled" | "failed";
  media: ChatMedia | null;
  /** Human replies and events: the teammate. */
  author: InboxPersonDto | null;
  event: ConversationEventDto | null;
  /**
   * Replies to chat apps: "pending" (queued), "sent" (by "reply" or "push" on LINE), "failed"
   * (with `deliveryError` in words; a teammate can retry). Null where nothing is sent (the
   * customer's own messages, events) or the reply streamed live (page, widget, API).
   */
  delivery: "pending" | "sent" | "failed" | null;
  sentVia: "reply" | "push" | null;
  deliveryError: string | null;
  sources: ChatSource[];
  createdAt: string;
  /** A bot reply: the customer's thumbs on it (and why, on a thumbs down); null: none. */
  feedback?: MessageFeedbackDto | null;
};

/**
 * What the composer must know about the channel before a teammate writes: whether a reply can
 * go now, until when, and what it costs.
 */
export type ComposerStateDto = {
  channel: InboxChannel;
  canReply: boolean;
  /** Why not, as a code the page words: "window_closed" | "opted_out" | "channel_disconnected" | "bot_deleted". */
  refusal: string | null;
  /**
   * The reply window: "none" (page, widget, API, LINE: no window), "standard" (Messenger /
   * Instagram 24 h), "human_agent" (the 7-day tag), "tiktok" (48 h); `endsAt` null for none.
   */
  window: { kind: "none" | "standard" | "human_agent" | "tiktok"; endsAt: string | null };
  /** LINE: whether the next message goes by the free reply token or as a push (quota). */
  line: { via: "reply" | "push"; replyTokenExpiresAt: string | null } | null;
  /** Images can be sent on this channel. */
  images: boolean;
};

export type InboxContactDto = {
  id: string;
  name: string | null;
  avatarUrl: string | null;
  channel: InboxChannel;
  language: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  email: string | null;
  attributes: Record<string, string | number | boolean | null>;
  notes: string | null;
  memory: string | null;
  pastConversations: Array<{
    id: string;
    status: ConversationStatus;
    lastMessageAt: string;
    preview: string;
  }>;
};

export type InboxConversationDetailDto = {
  conversation: InboxConversationDto;
  messages: InboxMessageDto[];
  contact: InboxContactDto;
  composer: ComposerStateDto;
  /** Teammates it can be assigned to. */
  teammates: InboxPersonDto[];
  /** The satisfaction question (CSAT): when asked, and the customer's score. */
  csat?: CsatDto;
};

/** POST /api/console/inbox/conversations/:id/messages. */
export const InboxReplySchema = z
  .object({
    text: cleanText().trim().max(inboxLimits.replyText).default(""),
    /** A `data:image/…;base64,…` URL. */
    image: z
      .string()
      .max(Math.ceil((inboxLimits.replyImageBytes * 4) / 3) + 100)
      .nullish(),
    /** The composer's id for this send: sending twice (a retry of the request) stores it once. */
    clientId: z.uuid(),
  })
  .refine((value) => value.text.length > 0 || Boolean(value.image), {
    path: ["text"],
    message: "missing",
  });
export type InboxReplyInput = z.input<typeof InboxReplySchema>;

/** PATCH /api/console/inbox/contacts/:contactId. */
export const InboxContactUpdateSchema = z.object({
  name: safeText().trim().max(inboxLimits.contactName).nullish(),
  notes: cleanText().trim().max(inboxLimits.contactNotes).nullish(),
});
export type InboxContactUpdateInput = z.input<typeof InboxContactUpdateSchema>;

// ---- canned replies ------------------------------------------------------------------------

export const CannedReplySchema = z.object({
  shortcut: z
    .string()
    .trim()
    .min(1)
    .max(inboxLimits.cannedShortcut)
    .regex(/^[\p{L}\p{M}\p{N}_-]+$/u, "shortcut"),
  body: cleanText().trim().min(1).max(inboxLimits.cannedBody),
});
export type CannedReplyInput = z.input<typeof CannedReplySchema>;
export type CannedReplyDto = { id: string; shortcut: string; body: string; updatedAt: string };

// ---- real time -----------------------------------------------------------------------------

/**
 * One Server-Sent Event of the inbox stream (`event: inbox`, `id:` = `id`): something changed;
 * the page refetches what it shows by id. Also the customer's stream (bot page, widget), which
 * only carries its own conversation's `message` events.
 */
export type InboxStreamEvent = {
  id: number;
  kind: "message" | "message_updated" | "conversation" | "typing";
  conversationId: string;
  messageId: string | null;
};

// ---- handoff and business hours -------------------------------------------------------------

const handoffText = cleanText().trim().max(inboxLimits.handoffMessage);

export const HandoffSettingsSchema = z.object({
  onRequest: z.boolean(),
  afterUnanswered: z.number().int().min(0).max(inboxLimits.handoffAfterUnansweredMax),
  onNegativeFeedback: z.boolean(),
  keywords: z
    .array(safeText().trim().min(1).max(inboxLimits.handoffKeyword))
    .max(inboxLimits.handoffKeywords),
  message: z.object({ th: handoffText, en: handoffText }),
  offHoursMessage: z.object({ th: handoffText, en: handoffText }),
  reopenToBot: z.boolean(),
  quickReply: z.boolean(),
});
export type HandoffSettings = z.output<typeof HandoffSettingsSchema>;

export const defaultHandoffSettings: HandoffSettings = {
  onRequest: true,
  afterUnanswered: 3,
  onNegativeFeedback: false,
  keywords: [],
  message: { th: "", en: "" },
  offHoursMessage: { th: "", en: "" },
  reopenToBot: true,
  quickReply: true,
};

/**
 * What the customer is told on a handoff when the owner wrote nothing (the server fills `{p}`
 * with the persona's Thai particle and `{time}` with when someone will reply; the handoff card
 * shows them, particles left out, as placeholders).
 */
export const builtInHandoffTexts = {
  th: {
    open: "ได้ส่งต่อเรื่องให้เจ้าหน้าที่แล้ว{p} เจ้าหน้าที่จะตอบกลับในแชทนี้โดยเร็วที่สุด{p}",
    closed: "ได้ส่งต่อเรื่องให้เจ้าหน้าที่แล้ว{p} ขณะนี้อยู่นอกเวลาทำการ เจ้าหน้าที่จะตอบกลับ{time}{p}",
    closedNoTime: "ได้ส่งต่อเรื่องให้เจ้าหน้าที่แล้ว{p} ขณะนี้อยู่นอกเวลาทำการ เจ้าหน้าที่จะตอบกลับโดยเร็วที่สุด{p}",
  },
  en: {
    open: "I've passed this conversation to our team. Someone will reply here as soon as possible.",
    closed:
      "I've passed this conversation to our team. We're closed right now; someone will reply {time}.",
    closedNoTime:
      "I've passed this conversation to our team. We're closed right now; someone will reply as soon as possible.",
  },
} as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time");

export const BusinessHoursSchema = z
  .object({
    enabled: z.boolean(),
    timeZone: z.string().min(1).max(64),
    days: z
      .array(
        z.object({
          /** 0 is Sunday. */
          day: z.number().int().min(0).max(6),
          open: clock,
          close: clock,
        }),
      )
      .max(14),
  })
  .refine((value) => value.days.every((d) => d.open < d.close), {
    path: ["days"],
    message: "order",
  });
export type BusinessHours = z.output<typeof BusinessHoursSchema>;

/** Monday to Friday 09:00–18:00, Bangkok time (0 is Sunday). */
export const defaultBusinessHours: BusinessHours = {
  enabled: false,
  timeZone: "Asia/Bangkok",
  days: [1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "18:00" })),
};

// ---- teammates -----------------------------------------------------------------------------

export const workspaceRoles = ["owner", "admin", "agent"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export type WorkspaceSummaryDto = { id: string; name: string; role: WorkspaceRole };

export type MemberDto = {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
};

export type InvitationDto = {
  id: string;
  email: string;
  role: "admin" | "agent";
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
};

export type TeamDto = {
  members: MemberDto[];
  invitations: InvitationDto[];
  /** Seats of the plan (members + pending invitations), null: unlimited. */
  seats: { used: number; limit: number | null };
};

/**
 * GET /api/invitations/:token: what the invitation page shows anyone holding the link (the
 * address masked: "ma•••@example.com").
 */
export type InvitationInfoDto = {
  workspaceName: string;
  inviterName: string | null;
  role: "admin" | "agent";
  email: string;
  status: "pending" | "expired" | "revoked" | "accepted";
  expiresAt: string;
};

/** POST /api/invitations/:token/accept: where the new member works now, and where to go. */
export type AcceptedInvitationDto = {
  workspaceId: string;
  role: WorkspaceRole;
  /** "/app/inbox" for agents, "/app" for admins (without the language prefix). */
  next: "/app" | "/app/inbox";
};

export const InviteSchema = z.object({
  email: z.email().trim().toLowerCase().max(254),
  role: z.enum(["admin", "agent"]),
  /** The language of the invitation email (the form's choice; the request's language if absent). */
  locale: z.enum(locales).optional(),
});
export type InviteInput = z.input<typeof InviteSchema>;

export const ChangeRoleSchema = z.object({ role: z.enum(["admin", "agent"]) });

export const WorkspaceSettingsSchema = z.object({
  name: safeText().trim().min(1).max(inboxLimits.workspaceName),
  businessHours: BusinessHoursSchema,
  alerts: z.object({
    newConversation: z.boolean(),
    waitingMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    lineEnabled: z.boolean(),
  }),
});
export type WorkspaceSettingsInput = z.input<typeof WorkspaceSettingsSchema>;

export type WorkspaceSettingsDto = z.output<typeof WorkspaceSettingsSchema> & {
  /** The LINE staff group alerts go to, once the bot's LINE account joined one. */
  lineStaffGroup: { botId: string | null; groupId: string; joinedAt: string } | null;
};

// ---- alert preferences ----------------------------------------------------------------------

export const NotificationPrefsSchema = z.object({
  events: z.object({
    handoff: z.boolean(),
    newConversation: z.boolean(),
    waiting: z.boolean(),
    negativeFeedback: z.boolean(),
  }),
  means: z.object({ email: z.boolean(), push: z.boolean() }),
  quietHours: z.object({ enabled: z.boolean(), from: clock, to: clock }),
});
export type NotificationPrefs = z.output<typeof NotificationPrefsSchema>;

export const defaultNotificationPrefs: NotificationPrefs = {
  events: { handoff: true, newConversation: true, waiting: true, negativeFeedback: true },
  means: { email: true, push: true },
  quietHours: { enabled: false, from: "22:00", to: "08:00" },
};
