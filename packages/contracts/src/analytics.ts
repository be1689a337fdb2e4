import type { AnalyticsLevel } from "./plans";
import { cleanText, safeText } from "./text";
import { z } from "./zod";

/**
 * The intelligence dashboard (`/app/analytics`, `/app/improve`, `/api/console/analytics/*`),
 * end-user feedback (thumbs and CSAT), curated answers, exports, imports and Google Sheets:
 * the request schemas both sides validate with, the shapes the API answers, and their limits.
 * Browser-safe.
 */

export const analyticsLimits = {
  /** A thumbs-down reason, in characters. */
  feedbackReason: 500,
  /** A custom period: at most this many days. */
  customPeriodDays: 366,
  /** Top questions / sources shown. */
  topQuestions: 10,
  topSources: 10,
  /** Conversations idle this long (no message) get the CSAT question (unless resolved first). */
  csatIdleMinutes: 30,
  /** Forecast: days ahead, and the history it needs (4 full weeks: a weekly season twice over). */
  forecastDays: 14,
  forecastMinHistoryDays: 28,
  /** Improvement queue groups per page, and examples per group. */
  improvementGroups: 50,
  improvementExamples: 5,
  /** Curated answers per bot, their texts, variants. */
  curatedAnswers: 1000,
  curatedQuestion: 500,
  curatedAnswer: 5000,
  curatedVariants: 20,
  /** Imports: file size and rows. */
  importBytes: 5 * 1024 * 1024,
  importRows: 2000,
  /** Exports: rows per file (bigger sets: narrow the filters). */
  exportRows: 1_000_000,
  /** Google Sheets: rows read per FAQ sync, rows appended per run. */
  sheetFaqRows: 2000,
  sheetAppendRows: 500,
} as const;

// ---- feedback --------------------------------------------------------------------------------

export const feedbackRatings = ["up", "down"] as const;
export type FeedbackRatingId = (typeof feedbackRatings)[number];

/** A thumbs on one bot reply (public: the bot page, the widget, the API). Null rating: withdrawn. */
export const FeedbackInputSchema = z.object({
  messageId: z.uuid(),
  rating: z.enum(feedbackRatings).nullable(),
  reason: cleanText().trim().max(analyticsLimits.feedbackReason).optional(),
});
export type FeedbackInput = z.input<typeof FeedbackInputSchema>;

/** A CSAT answer (1 very unhappy … 5 very happy). */
export const CsatInputSchema = z.object({
  score: z.number().int().min(1).max(5),
});
export type CsatInput = z.input<typeof CsatInputSchema>;

/** A reply's feedback as the inbox, the transcript and the bot page show it. */
export type MessageFeedbackDto = {
  rating: FeedbackRatingId;
  reason: string | null;
  at: string;
};

/** A conversation's CSAT as the inbox and the transcript show it. */
export type CsatDto = {
  requestedAt: string | null;
  score: number | null;
  answeredAt: string | null;
};

/** The `feedback.created` outgoing webhook's `data`. */
export type FeedbackWebhookData = {
  kind: "thumbs" | "csat";
  botId: string;
  conversationId: string;
  contactId: string;
  channel: string;
  /** Thumbs: the rated reply. */
  messageId: string | null;
  rating: FeedbackRatingId | null;
  reason: string | null;
  /** CSAT: 1–5. */
  score: number | null;
  createdAt: string;
};

// ---- plan gating -------------------------------------------------------------------------------

/** What each analytics level of the plan catalogue unlocks on the dashboard. */
export const analyticsFeatures = [
  /** Conversations, messages, contacts: every plan. */
  "overview",
  /** Trends, answered / unanswered, handoffs, feedback, busiest hours, channels, top questions. */
  "basic",
  /** Knowledge sources used, tokens and cost, exports, forecasts, needs attention. */
  "deep",
] as const;
export type AnalyticsFeature = (typeof analyticsFeatures)[number];

const featureLevel: Record<AnalyticsFeature, AnalyticsLevel> = {
  overview: "none",
  basic: "basic",
  deep: "deep",
};
const levelRank: Record<AnalyticsLevel, number> = { none: 0, basic: 1, deep: 2, predictive: 3 };

/** Whether a plan's analytics level includes a feature. */
export function hasAnalyticsFeature(level: AnalyticsLevel, feature: AnalyticsFeature): boolean {
  return levelRank[level] >= levelRank[featureLevel[feature]];
}

// ---- the dashboard -----------------------------------------------------------------------------

export const analyticsPeriods = ["today", "7d", "30d", "90d", "custom"] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

const isoDate = safeText().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The dashboard's filters (query string). Days are calendar days in the workspace's time zone;
 * a custom period is `from`..`to` inclusive, at most `customPeriodDays`.
 */
export const AnalyticsQuerySchema = z
  .object({
    period: z.enum(analyticsPeriods).default("7d"),
    from: isoDate.optional(),
    to: isoDate.optional(),
    botId: safeText().min(1).max(64).optional(),
    channel: safeText().min(1).max(20).optional(),
  })
  .refine((q) => q.period !== "custom" || (q.from !== undefined && q.to !== undefined), {
    message: "from and to are required for a custom period",
    path: ["from"],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["to"],
  });
export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuerySchema>;

/**
 * Latency histogram bucket upper bounds in ms (the last bucket is "more"): bot response times
 * and times to first human reply are kept as counts per bucket so medians survive summing.
 */
export const analyticsLatencyBucketsMs = [
  250,
  500,
  1000,
  1500,
  2000,
  3000,
  5000,
  8000,
  13_000,
  20_000,
  30_000,
  60_000,
  120_000,
  300_000,
  600_000,
  1_800_000,
  3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  24 * 3_600_000,
] as const;

/**
 * Estimated provider prices in THB per 1,000,000 tokens (input, output), by model name prefix;
 * `local` costs nothing. Estimates for the dashboard, not a bill.
 */
export const modelPricesThb: ReadonlyArray<{ prefix: string; input: number; output: number }> = [
  { prefix: "gpt-4o-mini", input: 5.4, output: 21.6 },
  { prefix: "gpt-4.1-mini", input: 14.4, output: 57.6 },
  { prefix: "gpt-4.1", input: 72, output: 288 },
  { prefix: "gpt-4o", input: 90, output: 360 },
  { prefix: "claude-3-5-haiku", input: 28.8, output: 144 },
  { prefix: "claude-haiku", input: 36, output: 180 },
  { prefix: "claude", input: 108, output: 540 },
  { prefix: "gemini-2.0-flash", input: 3.6, output: 14.4 },
  { prefix: "gemini", input: 10.8, output: 90 },
];
/** When no prefix matches a paid provider's model. */
export const defaultModelPriceThb = { input: 36, output: 144 } as const;

/** The figures of one period (and of the period before it, for the trend arrows). */
export type AnalyticsTotals = {
  conversations: number;
  messages: number;
  userMessages: number;
  botMessages: number;
  humanMessages: number;
  /** Distinct contacts who wrote. */
  contacts: number;
  newContacts: number;
  returningContacts: number;
  answered: number;
  unanswered: number;
  /** unanswered / (answered + unanswered), 0–1; null without questions. */
  unansweredRate: number | null;
  handoffs: number;
  /** handoffs / conversations, 0–1; null without conversations. */
  handoffRate: number | null;
  /** Median time to the first human reply after a handoff, ms; null: none answered. */
  medianFirstHumanReplyMs: number | null;
  thumbsUp: number;
  thumbsDown: number;
  /** thumbsUp / (up + down); null without votes. */
  thumbsUpRate: number | null;
  csatCount: number;
  /** Average 1–5; null without answers. */
  csatAverage: number | null;
  /** Median bot response time, ms (from the histogram: a bucket's upper bound). */
  medianResponseMs: number | null;
  curatedHits: number;
  inputTokens: number;
  outputTokens: number;
  /** Estimated provider cost in THB (2 decimals). */
  costThb: number;
};

export type AnalyticsDayPoint = {
  /** YYYY-MM-DD in the workspace's time zone. */
  day: string;
  conversations: number;
  messages: number;
  contacts: number;
  unanswered: number;
  handoffs: number;
};

export type AnalyticsChannelSplit = { channel: string; conversations: number; messages: number };

export type AnalyticsTopQuestion = {
  /** The group's key (question keys merged by meaning share the first one's key). */
  key: string;
  /** A customer's wording (the most asked), and other wordings. */
  example: string;
  examples: string[];
  asked: number;
  unanswered: number;
};

export type AnalyticsTopSource = { sourceKey: string; title: string; uses: number };

export type AnalyticsBotCost = {
  botId: string;
  botName: string;
  inputTokens: number;
  outputTokens: number;
  costThb: number;
};

/** A gated part of the dashboard: the figures, or the plan that unlocks them. */
export type Gated<T> =
  | { locked: false; data: T }
  | { locked: true; requiredPlan: "pro" | "business" };

/** GET /api/console/analytics/overview */
export type AnalyticsOverviewDto = {
  /** The period as resolved (inclusive days in the workspace's time zone). */
  from: string;
  to: string;
  timeZone: string;
  /** The plan's analytics level, and the plan's users-per-month allowance. */
  level: AnalyticsLevel;
  usersPerMonth: { used: number; allowance: number | "unlimited" };
  totals: AnalyticsTotals;
  previous: AnalyticsTotals;
  daily: AnalyticsDayPoint[];
  /** Everything below is basic (Pro) or deep (Business, Enterprise). */
  busiestHours: Gated<{ weekday: number; hour: number; messages: number }[]>;
  channels: Gated<AnalyticsChannelSplit[]>;
  topQuestions: Gated<AnalyticsTopQuestion[]>;
  topSources: Gated<AnalyticsTopSource[]>;
  costs: Gated<AnalyticsBotCost[]>;
  /** When the rollups were last brought up to date. */
  freshAt: string | null;
};

// ---- forecasts and needs attention (deep) ------------------------------------------------------

export type ForecastPoint = { day: string; value: number; low: number; high: number };

/** GET /api/console/analytics/forecast?botId= */
export type ForecastDto =
  | { status: "locked"; requiredPlan: "business" }
  | { status: "not_enough_history"; historyDays: number; neededDays: number }
  | {
      status: "ready";
      /** "holt_winters" (additive, weekly season) or the fallback "seasonal_naive". */
      model: "holt_winters" | "seasonal_naive";
      /** True when Holt-Winters did not beat the seasonal naive forecast in the backtest. */
      fellBack: boolean;
      /** Backtest error over the last 4 weeks (one-week-ahead), percent; both models. */
      mape: number;
      naiveMape: number;
      history: { day: string; value: number }[];
      points: ForecastPoint[];
    };

export const attentionKinds = [
  "unanswered_rising",
  "csat_dropping",
  "source_unused",
  "handoffs_waiting",
  "thumbs_down_rising",
] as const;
export type AttentionKind = (typeof attentionKinds)[number];

export type AttentionItemDto = {
  kind: AttentionKind;
  botId: string | null;
  botName: string | null;
  /** The figures behind it (e.g. { now: 12, before: 4 }, { waiting: 3 }). */
  figures: Record<string, number>;
  /** The source's title, for source_unused. */
  subject: string | null;
  /** Where to act (a console path without locale prefix: "/app/improve?botId=…"). */
  href: string;
};

// ---- self-improvement --------------------------------------------------------------------------

export const improvementSignals = ["unanswered", "thumbs_down", "handoff"] as const;
export type ImprovementSignal = (typeof improvementSignals)[number];

/** One group of the improvement queue: the same question by meaning. */
export type ImprovementGroupDto = {
  key: string;
  /** Every question key merged into the group (the dashboard's links may name any of them). */
  keys?: string[];
  botId: string;
  botName: string;
  /** The most asked wording, and others (with their languages). */
  question: string;
  examples: { text: string; language: string | null }[];
  counts: Record<ImprovementSignal, number>;
  total: number;
  lastAt: string;
  /** A suggested answer: from the knowledge, or from the human reply that resolved it. */
  suggestion: { answer: string; from: "knowledge" | "human_reply"; title: string | null } | null;
};

export type ImprovementQueueDto = {
  groups: ImprovementGroupDto[];
  /** Unanswered rate before / after the first curated answer of the bot (null: not enough data). */
  improvement: { before: number | null; after: number | null; since: string | null };
};

export const curatedAnswerModes = ["verbatim", "guide"] as const;
export type CuratedAnswerModeId = (typeof curatedAnswerModes)[number];

const curatedLanguage = z.enum(["th", "en"]).nullable();

export const SaveCuratedAnswerSchema = z.object({
  botId: safeText().min(1).max(64),
  question: cleanText().trim().min(1).max(analyticsLimits.curatedQuestion),
  variants: z
    .array(cleanText().trim().min(1).max(analyticsLimits.curatedQuestion))
    .max(analyticsLimits.curatedVariants)
    .default([]),
  answer: cleanText().trim().min(1).max(analyticsLimits.curatedAnswer),
  language: curatedLanguage.default(null),
  mode: z.enum(curatedAnswerModes).default("verbatim"),
  /** The improvement group it answers. */
  questionKey: safeText().max(200).nullable().default(null),
  enabled: z.boolean().default(true),
  /**
   * Where the text came from, kept from the first save: written by the owner, a suggestion from
   * the knowledge, or the human reply that resolved the question (imports set their own).
   */
  origin: z.enum(["manual", "knowledge", "human_reply"]).default("manual"),
});
export type SaveCuratedAnswerInput = z.input<typeof SaveCuratedAnswerSchema>;

export type CuratedAnswerDto = {
  id: string;
  botId: string;
  question: string;
  variants: string[];
  answer: string;
  language: "th" | "en" | null;
  mode: CuratedAnswerModeId;
  origin: "manual" | "knowledge" | "human_reply" | "import" | "sheets";
  version: number;
  hits: number;
  lastHitAt: string | null;
  enabled: boolean;
  questionKey: string | null;
  updatedAt: string;
};

export type CuratedAnswerVersionDto = {
  version: number;
  question: string;
  answer: string;
  editedBy: string | null;
  at: string;
};

export const DismissImprovementSchema = z.object({
  botId: safeText().min(1).max(64),
  key: safeText().min(1).max(200),
});

// ---- exports and imports -----------------------------------------------------------------------

export const exportKinds = [
  "conversations",
  "messages",
  "contacts",
  "feedback",
  "analytics",
] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportFormats = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** What an import fills: the bot's FAQs (its persona) or its curated answers. */
export const importTargets = ["faqs", "curated"] as const;
export type ImportTarget = (typeof importTargets)[number];

/** A row error of an import, in words the page translates (code) with the row (1-based, header = 1). */
export type ImportRowError = {
  row: number;
  column: "question" | "answer" | "language" | null;
  code: "missing" | "too_long" | "bad_language" | "duplicate" | "too_many";
};

/** POST …/imports/preview (and the result of an import: same shape, `imported` set). */
export type ImportPreviewDto = {
  target: ImportTarget;
  /**
   * The rows read (`row`: its number in the file, as the spreadsheet shows it; texts cut to 300
   * characters for the preview).
   */
  rows: { row: number; question: string; answer: string; language: "th" | "en" | null }[];
  errors: ImportRowError[];
  /** Rows that would be added, and rows that replace an existing question. */
  added: number;
  replaced: number;
  imported: boolean;
};

// ---- Google Sheets ---------------------------------------------------------------------------

export const sheetSyncKinds = ["faqs", "conversations", "leads"] as const;
export type SheetSyncKindId = (typeof sheetSyncKinds)[number];

export const SaveSheetSyncSchema = z.object({
  botId: safeText().min(1).max(64),
  kind: z.enum(sheetSyncKinds),
  /** The id in the sheet's URL (…/spreadsheets/d/{id}/edit), or the whole URL. */
  spreadsheet: safeText().trim().min(10).max(300),
  sheetName: safeText().trim().min(1).max(100),
  enabled: z.boolean().default(true),
});
export type SaveSheetSyncInput = z.input<typeof SaveSheetSyncSchema>;

/**
 * Why a sheet's last sync failed, for the page to put in words: not shared with the service
 * account (`forbidden`), no such spreadsheet (`not_found`) or tab (`tab_not_found`), Google
 * refused the service account (`auth`), Google's quota (`rate_limited`) or an outage
 * (`unavailable`: both tried again with backoff), rows of an FAQ sheet with problems
 * (`invalid_rows`), more answers than a bot may have (`too_many`), the server has no Google
 * Sheets settings any more (`not_configured`).
 */
export const sheetSyncErrorCodes = [
  "forbidden",
  "not_found",
  "tab_not_found",
  "auth",
  "rate_limited",
  "unavailable",
  "invalid_rows",
  "too_many",
  "not_configured",
  "unknown",
] as const;
export type SheetSyncErrorCode = (typeof sheetSyncErrorCodes)[number];

export type SheetSyncDto = {
  id: string;
  botId: string;
  kind: SheetSyncKindId;
  spreadsheetId: string;
  sheetName: string;
  enabled: boolean;
  lastRunAt: string | null;
  /** The last run's failure in (English) words; null: it went well. */
  lastError: string | null;
  lastErrorCode: SheetSyncErrorCode | null;
  /** `invalid_rows`: the sheet's rows with problems (as the sheet numbers them). */
  lastErrorRows: number[];
  nextRunAt: string;
};

/** GET …/sheets: the service account to share sheets with (null: not configured). */
export type SheetsSettingsDto = { serviceAccountEmail: string | null; syncs: SheetSyncDto[] };
