import type {
  AnalyticsOverviewDto,
  AnalyticsTotals,
  AttentionItemDto,
  ForecastDto,
} from "@jai/contracts/analytics";

/** Figures for the dashboard's tests (component tests only: the page reads the API). */

export const totals: AnalyticsTotals = {
  conversations: 1234,
  messages: 5678,
  userMessages: 2900,
  botMessages: 2700,
  humanMessages: 78,
  contacts: 980,
  newContacts: 700,
  returningContacts: 280,
  answered: 2610,
  unanswered: 290,
  unansweredRate: 0.1,
  handoffs: 62,
  handoffRate: 0.05,
  medianFirstHumanReplyMs: 12 * 60_000,
  thumbsUp: 85,
  thumbsDown: 15,
  thumbsUpRate: 0.85,
  csatCount: 40,
  csatAverage: 4.3,
  medianResponseMs: 1500,
  curatedHits: 12,
  inputTokens: 1_500_000,
  outputTokens: 300_000,
  costThb: 14.58,
};

export const previousTotals: AnalyticsTotals = {
  ...totals,
  conversations: 987,
  messages: 5678,
  contacts: 1000,
  unansweredRate: 0.15,
  handoffRate: 0.04,
  csatAverage: 4.5,
  medianResponseMs: 2000,
};

const days = [
  "2025-01-14",
  "2025-01-15",
  "2025-01-16",
  "2025-01-17",
  "2025-01-18",
  "2025-01-19",
  "2025-01-20",
];

/** Business plan ("deep"): every part unlocked. */
export function overviewFixture(
  overrides: Partial<AnalyticsOverviewDto> = {},
): AnalyticsOverviewDto {
  return {
    from: "2025-01-14",
    to: "2025-01-20",
    timeZone: "Asia/Bangkok",
    level: "deep",
    usersPerMonth: { used: 2500, allowance: 30_000 },
    totals,
    previous: previousTotals,
    daily: days.map((day, index) => ({
      day,
      conversations: [150, 170, 160, 210, 190, 180, 174][index]!,
      messages: [700, 800, 760, 1020, 850, 790, 758][index]!,
      contacts: [120, 140, 130, 170, 150, 140, 130][index]!,
      unanswered: [40, 42, 38, 45, 41, 44, 40][index]!,
      handoffs: [8, 9, 10, 9, 8, 9, 9][index]!,
    })),
    busiestHours: {
      locked: false,
      data: [
        { weekday: 1, hour: 9, messages: 120 },
        { weekday: 5, hour: 20, messages: 321 },
        { weekday: 0, hour: 14, messages: 45 },
      ],
    },
    channels: {
      locked: false,
      data: [
        { channel: "line", conversations: 800, messages: 3800 },
        { channel: "web", conversations: 434, messages: 1878 },
      ],
    },
    topQuestions: {
      locked: false,
      data: [
        {
          key: "q-open",
          example: "ร้านเปิดกี่โมง",
          examples: ["ร้านเปิดกี่โมง", "เปิดกี่โมงคะ", "When are you open?"],
          asked: 42,
          unanswered: 5,
        },
        {
          key: "q-price",
          example: "ราคาเท่าไหร่",
          examples: ["ราคาเท่าไหร่"],
          asked: 30,
          unanswered: 0,
        },
      ],
    },
    topSources: {
      locked: false,
      data: [{ sourceKey: "s1", title: "menu.pdf", uses: 77 }],
    },
    costs: {
      locked: false,
      data: [
        {
          botId: "b1",
          botName: "Shop Helper",
          inputTokens: 1_000_000,
          outputTokens: 200_000,
          costThb: 9.72,
        },
        {
          botId: "b2",
          botName: "Cafe Bot",
          inputTokens: 500_000,
          outputTokens: 100_000,
          costThb: 4.86,
        },
      ],
    },
    freshAt: "2025-01-20T03:30:00.000Z",
    ...overrides,
  };
}

/** The same figures on a plan without analytics (Starter, the trial): basic and deep locked. */
export function starterOverviewFixture(): AnalyticsOverviewDto {
  return overviewFixture({
    level: "none",
    usersPerMonth: { used: 120, allowance: 750 },
    busiestHours: { locked: true, requiredPlan: "pro" },
    channels: { locked: true, requiredPlan: "pro" },
    topQuestions: { locked: true, requiredPlan: "pro" },
    topSources: { locked: true, requiredPlan: "business" },
    costs: { locked: true, requiredPlan: "business" },
  });
}

export const forecastFixture: ForecastDto = {
  status: "ready",
  model: "holt_winters",
  fellBack: false,
  mape: 12.5,
  naiveMape: 18.25,
  history: days.map((day, index) => ({ day, value: [150, 170, 160, 210, 190, 180, 174][index]! })),
  points: ["2025-01-21", "2025-01-22", "2025-01-23"].map((day, index) => ({
    day,
    value: [176, 181, 1190][index]!,
    low: [150, 160, 1100][index]!,
    high: [200, 205, 1300][index]!,
  })),
};

export const attentionFixture: AttentionItemDto[] = [
  {
    kind: "unanswered_rising",
    botId: "b1",
    botName: "Shop Helper",
    figures: { now: 1200, before: 400 },
    subject: null,
    href: "/app/improve?botId=b1",
  },
  {
    kind: "handoffs_waiting",
    botId: null,
    botName: null,
    figures: { waiting: 3 },
    subject: null,
    href: "/app/inbox?status=pending",
  },
];
