// @vitest-environment jsdom
import type { AnalyticsOverviewDto, AttentionItemDto, ForecastDto } from "@jai/contracts/analytics";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  attentionFixture,
  forecastFixture,
  overviewFixture,
  starterOverviewFixture,
} from "./analytics-fixtures";
import { AnalyticsPage, type AnalyticsPageData } from "./analytics-page";
import { analyticsMessages } from "./messages";

const en = analyticsMessages.en;
const th = analyticsMessages.th;

/** What the fake API answers; each test may change it. */
let api: {
  overview: AnalyticsOverviewDto | { status: number };
  forecast: ForecastDto;
  attention: AttentionItemDto[];
};
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const path = url.pathname.replace("/api/console/analytics", "");
  if (init?.method === "POST" && path === "/refresh") {
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  if (path === "/overview") {
    return Promise.resolve(
      "status" in api.overview
        ? json({ error: { code: "INTERNAL", message: "" } }, api.overview.status)
        : json(api.overview),
    );
  }
  if (path === "/forecast") return Promise.resolve(json(api.forecast));
  if (path === "/attention") return Promise.resolve(json(api.attention));
  return Promise.resolve(json({ error: { code: "NOT_FOUND" } }, 404));
}

const bots = [
  { id: "b1", name: "Shop Helper" },
  { id: "b2", name: "Cafe Bot" },
];

/** The data the page gets from its loader in the current test. */
let pageData: AnalyticsPageData;

/** The page, and the URL it is at (so a test can read what the filters wrote). */
function Page() {
  const location = useLocation();
  return (
    <>
      <AnalyticsPage data={pageData} />
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

function renderAt(url: string, data: Partial<AnalyticsPageData> = {}) {
  pageData = { bots, level: "deep", ...data };
  const Stub = createRoutesStub([
    { path: "/app/analytics", Component: Page },
    { path: "/th/app/analytics", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const requested = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith(`/api/console/analytics${path}`));

beforeEach(() => {
  api = { overview: overviewFixture(), forecast: forecastFixture, attention: attentionFixture };
  fetchMock.mockReset();
  fetchMock.mockImplementation(answer);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("analytics dashboard (Thai)", () => {
  it("shows the cards' figures in Thai format with the Buddhist-era period", async () => {
    renderAt("/th/app/analytics");
    expect(screen.getByRole("heading", { level: 1, name: th.title })).toBeTruthy();
    // The first paint is Thai too: the loading line, not English.
    expect(screen.getByText(th.loading)).toBeTruthy();

    const conversations = await screen.findByTestId("card-conversations");
    expect(within(conversations).getByTestId("value").textContent).toBe("1,234");
    // 1,234 against 987: up 25%, better, in words and an arrow (not only a colour).
    const change = within(conversations).getByTestId("change");
    expect(change.textContent).toContain(th.change.up("25%"));
    expect(change.textContent).toContain(th.change.vsPrevious);
    expect(change.textContent).toContain(th.change.better);

    expect(screen.getByTestId("card-contacts").textContent).toContain(
      th.cards.contactsDetail("700", "280"),
    );
    expect(screen.getByTestId("card-users").textContent).toContain(
      th.cards.usersOf("2,500", "30,000"),
    );
    expect(within(screen.getByTestId("card-answered")).getByTestId("value").textContent).toBe(
      "90%",
    );
    // Unanswered went from 15% to 10%: the answer rate is up 5 points.
    expect(screen.getByTestId("card-answered").textContent).toContain(th.change.up("5 จุด"));
    expect(screen.getByTestId("card-handoffs").textContent).toContain("12 นาที");
    const satisfaction = screen.getByTestId("card-satisfaction");
    expect(within(satisfaction).getByTestId("value").textContent).toBe("4.3 / 5");
    expect(satisfaction.textContent).toContain(th.change.down("0.2"));
    expect(satisfaction.textContent).toContain(th.change.worse);
    // Slower would be worse; 2 s → 1.5 s is better.
    const response = screen.getByTestId("card-response");
    expect(within(response).getByTestId("value").textContent).toBe("1.5 วินาที");
    expect(response.textContent).toContain(th.change.down("25%"));
    expect(response.textContent).toContain(th.change.better);

    const period = screen.getByTestId("analytics-period").textContent;
    expect(period).toMatch(/14\s*–\s*20 ม\.ค\. พ\.ศ\. 2568/);
    expect(period).toContain(th.status.comparedWith(""));
    expect(period).toContain(th.status.thaiTime);

    const costs = screen.getByTestId("table-costs");
    expect(costs.textContent).toContain("฿9.72");
    expect(costs.textContent).toContain("฿14.58");
    expect(costs.textContent).toContain("1,000,000");
  });

  it("every chart is an image with a summary and has its figures in a table", async () => {
    renderAt("/th/app/analytics");
    const daily = await screen.findByTestId("chart-daily");
    const image = within(daily).getByRole("img");
    expect(image.getAttribute("aria-label")).toBe(
      th.charts.daily.summary(
        th.charts.daily.metrics.conversations,
        "14 – 20 ม.ค. พ.ศ. 2568",
        "1,234",
        "ศุกร์ 17 ม.ค. 2568",
        "210",
      ),
    );
    const disclosure = within(daily).getByText(th.charts.showTable);
    const table = within(daily).getByTestId("table-daily");
    expect(table.closest("details")?.open).toBe(false);
    fireEvent.click(disclosure);
    expect(table.closest("details")?.open).toBe(true);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(8);
    expect(rows[4]!.textContent).toContain("17 ม.ค. 2568");
    expect(rows[4]!.textContent).toContain("1,020");

    // The switch shows messages instead; the summary follows.
    fireEvent.click(
      within(screen.getByTestId("section-daily")).getByLabelText(th.charts.daily.metrics.messages),
    );
    expect(within(daily).getByRole("img").getAttribute("aria-label")).toContain("5,678");

    const hours = screen.getByTestId("chart-hours");
    expect(within(hours).getByRole("img").getAttribute("aria-label")).toBe(
      th.charts.hours.summary("วันศุกร์", "20:00 น.", "321"),
    );
    expect(within(hours).getByRole("table").textContent).toContain("321");
    expect(hours.textContent).toContain(th.charts.hours.fewer);

    const channels = screen.getByTestId("chart-channels");
    expect(within(channels).getByRole("img").getAttribute("aria-label")).toContain("LINE 64.8%");
    expect(within(channels).getByRole("table").textContent).toContain("หน้าแชทบอท");

    const forecast = await screen.findByTestId("chart-forecast");
    expect(within(forecast).getByRole("table").textContent).toContain("1,190");
    expect(screen.getByTestId("forecast-model").textContent).toContain(
      th.charts.forecast.models.holt_winters,
    );
    expect(screen.getByTestId("forecast-model").textContent).toContain("12.5%");
    expect(screen.getByTestId("forecast-model").textContent).toContain("18.3%");
  });

  it("lists top questions with the unanswered badge and a link to improve them", async () => {
    renderAt("/th/app/analytics?botId=b1");
    const questions = await screen.findByTestId("top-questions");
    expect(questions.textContent).toContain("ร้านเปิดกี่โมง");
    expect(questions.textContent).toContain(th.questions.unanswered("5"));
    expect(questions.textContent).toContain(th.questions.asked("42"));
    const link = within(questions).getAllByRole("link", { name: th.questions.improve })[0]!;
    expect(link.getAttribute("href")).toBe("/th/app/improve?botId=b1&key=q-open");

    const attention = await screen.findByTestId("attention");
    expect(attention.textContent).toContain(th.attention.items.unanswered_rising("400", "1,200"));
    expect(
      within(attention)
        .getByRole("link", { name: th.attention.actions.handoffs_waiting })
        .getAttribute("href"),
    ).toBe("/th/app/inbox?status=pending");
    // The forecast is asked for the chosen bot.
    expect(requested("/forecast")).toEqual(["/api/console/analytics/forecast?botId=b1"]);
  });

  it("exports link to the data API with the same filters", async () => {
    renderAt("/th/app/analytics?period=30d&channel=line");
    const menu = await screen.findByTestId("export-daily");
    const links = within(menu).getAllByRole("link", { hidden: true });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/api/console/data/export/analytics?format=csv&channel=line&period=30d&lang=th",
      "/api/console/data/export/analytics?format=xlsx&channel=line&period=30d&lang=th",
    ]);
    const all = within(screen.getByTestId("export-all")).getAllByRole("link", { hidden: true });
    expect(all).toHaveLength(10);
  });

  it("a plan without analytics sees the counts, and which plan unlocks the rest", async () => {
    api.overview = starterOverviewFixture();
    // Every plan hears of conversations waiting for staff.
    api.attention = attentionFixture.filter((item) => item.kind === "handoffs_waiting");
    renderAt("/th/app/analytics", { level: "none" });
    expect(await screen.findByTestId("card-conversations")).toBeTruthy();
    expect(screen.queryByTestId("card-answered")).toBeNull();

    const hours = screen.getByTestId("locked-hours");
    expect(hours.textContent).toContain("มีในแพ็กเกจโปรขึ้นไป");
    expect(hours.textContent).toContain(th.locked.hours);
    expect(within(hours).getByRole("link", { name: th.locked.seePlans }).getAttribute("href")).toBe(
      "/th/pricing",
    );
    expect(screen.getByTestId("locked-basic").textContent).toContain("มีในแพ็กเกจโปรขึ้นไป");
    expect(screen.getByTestId("locked-costs").textContent).toContain("มีในแพ็กเกจธุรกิจขึ้นไป");
    expect(screen.getByTestId("locked-forecast").textContent).toContain("มีในแพ็กเกจธุรกิจขึ้นไป");
    expect((await screen.findByTestId("attention")).textContent).toContain(
      th.attention.items.handoffs_waiting("3"),
    );
    expect(screen.getByTestId("locked-attention").textContent).toContain("มีในแพ็กเกจธุรกิจขึ้นไป");
    expect(screen.getByTestId("locked-export").textContent).toContain("มีในแพ็กเกจธุรกิจขึ้นไป");
    expect(screen.queryByTestId("export-all")).toBeNull();
    // The daily chart is for everyone (without the basic columns); no forecast is asked for.
    expect(screen.getByTestId("chart-daily")).toBeTruthy();
    expect(screen.getByTestId("table-daily").textContent).not.toContain(th.charts.daily.handoffs);
    expect(requested("/forecast")).toEqual([]);
  });

  it("says how much history the forecast needs, and when it fell back to the simple guess", async () => {
    api.forecast = { status: "not_enough_history", historyDays: 10, neededDays: 28 };
    renderAt("/th/app/analytics");
    expect((await screen.findByTestId("forecast-needs-history")).textContent).toBe(
      th.charts.forecast.needsHistory(18, 28),
    );
    cleanup();
    api.forecast = { ...forecastFixture, model: "seasonal_naive", fellBack: true } as ForecastDto;
    renderAt("/th/app/analytics");
    expect((await screen.findByTestId("forecast-fallback")).textContent).toBe(
      th.charts.forecast.fellBack,
    );
    expect(screen.getByTestId("forecast-model").textContent).toContain(
      th.charts.forecast.models.seasonal_naive,
    );
  });

  it("an owner without conversations gets the way to share the bot", async () => {
    const zero = { ...overviewFixture().totals, conversations: 0 };
    api.overview = overviewFixture({
      totals: zero,
      previous: zero,
      usersPerMonth: { used: 0, allowance: 750 },
    });
    renderAt("/th/app/analytics");
    const empty = await screen.findByTestId("analytics-empty");
    expect(empty.textContent).toContain(th.empty.title);
    expect(within(empty).getByRole("link", { name: th.empty.openBot }).getAttribute("href")).toBe(
      "/bot/b1",
    );
    expect(within(empty).getByRole("link", { name: th.empty.channels }).getAttribute("href")).toBe(
      "/th/app/bots/b1/channels",
    );
  });

  it("'update now' brings the rollups up to date and shows the new figures", async () => {
    renderAt("/th/app/analytics");
    await screen.findByTestId("card-conversations");
    expect(screen.getByTestId("analytics-fresh").textContent).toMatch(/ข้อมูล ณ .*10:30/);
    api.overview = overviewFixture({
      totals: { ...overviewFixture().totals, conversations: 1300 },
    });
    fireEvent.click(screen.getByRole("button", { name: th.status.refresh }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId("card-conversations")).getByTestId("value").textContent,
      ).toBe("1,300"),
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.map(([input]) => String(input))).toEqual(["/api/console/analytics/refresh"]);
  });

  it("a failed load says so and tries again", async () => {
    api.overview = { status: 500 };
    renderAt("/th/app/analytics");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(th.loadError);
    api.overview = overviewFixture();
    fireEvent.click(within(alert).getByRole("button", { name: th.retry }));
    expect(await screen.findByTestId("card-conversations")).toBeTruthy();
  });
});

describe("analytics dashboard (English) and its filters", () => {
  it("shows the same figures in English", async () => {
    renderAt("/app/analytics");
    const conversations = await screen.findByTestId("card-conversations");
    expect(within(conversations).getByTestId("value").textContent).toBe("1,234");
    expect(conversations.textContent).toContain(en.change.up("25%"));
    expect(screen.getByTestId("analytics-period").textContent).toMatch(/Jan 14\s*–\s*20, 2025/);
    expect(screen.getByTestId("card-response").textContent).toContain("1.5 sec");
    expect(screen.getByTestId("table-costs").textContent).toContain("฿9.72");
    expect(screen.getByRole("heading", { level: 2, name: en.charts.hours.title })).toBeTruthy();
    expect(requested("/overview")).toEqual(["/api/console/analytics/overview?period=7d"]);
  });

  it("the period, bot and channel go into the URL, and the figures follow", async () => {
    renderAt("/app/analytics");
    await screen.findByTestId("card-conversations");
    const location = () => screen.getByTestId("location").textContent;

    fireEvent.change(screen.getByLabelText(en.filters.period), { target: { value: "30d" } });
    expect(location()).toBe("/app/analytics?period=30d");
    fireEvent.change(screen.getByLabelText(en.filters.bot), { target: { value: "b2" } });
    expect(location()).toBe("/app/analytics?period=30d&botId=b2");
    fireEvent.change(screen.getByLabelText(en.filters.channel), { target: { value: "line" } });
    expect(location()).toBe("/app/analytics?period=30d&botId=b2&channel=line");
    await waitFor(() =>
      expect(requested("/overview").at(-1)).toBe(
        "/api/console/analytics/overview?botId=b2&channel=line&period=30d",
      ),
    );
    await waitFor(() =>
      expect(requested("/forecast").at(-1)).toBe("/api/console/analytics/forecast?botId=b2"),
    );

    // Custom: two days, applied with "Show"; the days shown so far are the starting point.
    fireEvent.change(screen.getByLabelText(en.filters.period), { target: { value: "custom" } });
    expect(location()).toBe("/app/analytics?period=30d&botId=b2&channel=line");
    const from = screen.getByLabelText(en.filters.from) as HTMLInputElement;
    const to = screen.getByLabelText(en.filters.to) as HTMLInputElement;
    expect(from.value).toBe("2025-01-14");
    fireEvent.change(from, { target: { value: "2025-02-10" } });
    fireEvent.change(to, { target: { value: "2025-02-01" } });
    fireEvent.click(screen.getByRole("button", { name: en.filters.apply }));
    expect(screen.getByRole("alert").textContent).toBe(en.filters.rangeIssues.order);
    expect(location()).toBe("/app/analytics?period=30d&botId=b2&channel=line");
    fireEvent.change(to, { target: { value: "2025-02-20" } });
    fireEvent.click(screen.getByRole("button", { name: en.filters.apply }));
    expect(location()).toBe(
      "/app/analytics?period=custom&from=2025-02-10&to=2025-02-20&botId=b2&channel=line",
    );
    await waitFor(() =>
      expect(requested("/overview").at(-1)).toBe(
        "/api/console/analytics/overview?botId=b2&channel=line&from=2025-02-10&period=custom&to=2025-02-20",
      ),
    );
  });

  it("a custom period in the URL that cannot be shown asks for the days and fetches nothing", async () => {
    renderAt("/app/analytics?period=custom&from=2025-02-10");
    expect(screen.getByRole("alert").textContent).toBe(en.filters.rangeIssues.missing);
    expect(requested("/overview")).toEqual([]);
  });
});
