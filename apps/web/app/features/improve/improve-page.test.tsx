// @vitest-environment jsdom
import type {
  CuratedAnswerDto,
  CuratedAnswerVersionDto,
  ImprovementQueueDto,
} from "@jai/contracts/analytics";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ImprovePage } from "./improve-page";
import { improveMessages } from "./messages";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const en = improveMessages.en;
const th = improveMessages.th;
const bots = [
  { id: "b1", name: "Shop Helper" },
  { id: "b2", name: "Cafe Bot" },
];

function queueFixture(): ImprovementQueueDto {
  return {
    groups: [
      {
        key: "parking",
        keys: ["parking", "car parking"],
        botId: "b1",
        botName: "Shop Helper",
        question: "มีที่จอดรถไหมคะ",
        examples: [
          { text: "มีที่จอดรถไหมคะ", language: "th" },
          { text: "Is there parking?", language: "en" },
        ],
        counts: { unanswered: 1234, thumbs_down: 2, handoff: 0 },
        total: 1500,
        lastAt: "2026-01-15T08:00:00.000Z",
        suggestion: { answer: "มีที่จอดรถฟรี 20 คันค่ะ", from: "human_reply", title: null },
      },
      {
        key: "gift wrap",
        botId: "b1",
        botName: "Shop Helper",
        question: "Do you wrap gifts?",
        examples: [{ text: "Do you wrap gifts?", language: "en" }],
        counts: { unanswered: 0, thumbs_down: 1, handoff: 1 },
        total: 3,
        lastAt: "2026-01-14T08:00:00.000Z",
        suggestion: null,
      },
    ],
    improvement: { before: 0.4, after: 0.125, since: "2026-01-01T00:00:00.000Z" },
  };
}

function answerFixture(patch: Partial<CuratedAnswerDto> = {}): CuratedAnswerDto {
  return {
    id: "a1",
    botId: "b1",
    question: "ร้านเปิดกี่โมง",
    variants: ["What time do you open?"],
    answer: "ร้านเปิด 9 โมงเช้าค่ะ",
    language: "th",
    mode: "verbatim",
    origin: "manual",
    version: 2,
    hits: 1500,
    lastHitAt: "2026-01-15T08:00:00.000Z",
    enabled: true,
    questionKey: "open time",
    updatedAt: "2026-01-15T08:00:00.000Z",
    ...patch,
  };
}

const versions: CuratedAnswerVersionDto[] = [
  {
    version: 2,
    question: "ร้านเปิดกี่โมง",
    answer: "ร้านเปิด 9 โมงเช้าค่ะ",
    editedBy: "Nok",
    at: "2026-01-15T08:00:00.000Z",
  },
  {
    version: 1,
    question: "ร้านเปิดกี่โมง",
    answer: "เปิด 10 โมงค่ะ",
    editedBy: null,
    at: "2026-01-10T08:00:00.000Z",
  },
];

let api: { queue: ImprovementQueueDto; answers: CuratedAnswerDto[] };
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

function respond(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const method = init?.method ?? "GET";
  const path = `${method} ${url.pathname.replace("/api/console", "")}`;
  if (path === "POST /analytics/refresh") return Promise.resolve(json(null, 204));
  if (path === "GET /improve/queue") return Promise.resolve(json(api.queue));
  if (path === "GET /improve/answers") return Promise.resolve(json(api.answers));
  if (path === "POST /improve/answers")
    return Promise.resolve(json(answerFixture({ id: "new" }), 201));
  if (path === "POST /improve/dismiss") return Promise.resolve(json(null, 204));
  if (path === "PUT /improve/answers/a1") return Promise.resolve(json(answerFixture()));
  if (path === "GET /improve/answers/a1/versions") return Promise.resolve(json(versions));
  if (path === "POST /improve/answers/a1/restore/1") return Promise.resolve(json(answerFixture()));
  return Promise.resolve(json({ error: { code: "NOT_FOUND", message: "" } }, 404));
}

const calls = (prefix: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      path: `${init?.method ?? "GET"} ${String(input)}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }))
    .filter((call) => call.path.startsWith(prefix));

function Page() {
  return <ImprovePage data={{ bots }} />;
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/app/improve", Component: Page },
    { path: "/th/app/improve", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

beforeEach(() => {
  api = { queue: queueFixture(), answers: [answerFixture()] };
  fetchMock.mockReset();
  fetchMock.mockImplementation(respond);
  vi.stubGlobal("fetch", fetchMock);
  toast.error.mockReset();
  toast.success.mockReset();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the improvement page", () => {
  it("shows the queue in Thai with Thai numbers, and saves a suggestion as a curated answer", async () => {
    renderAt("/th/app/improve");
    expect(screen.getByRole("heading", { level: 1, name: th.title })).toBeTruthy();
    const [card] = await screen.findAllByTestId("improvement-group");
    expect(card!.textContent).toContain(th.queue.signals.unanswered("1,234"));
    expect(card!.textContent).toContain(th.queue.asked("1,500"));
    expect(card!.textContent).toContain("2569"); // the Buddhist year
    expect(card!.textContent).not.toContain(th.queue.signals.handoff("0"));
    // The rollups are brought up to date before the queue is read.
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/console/analytics/refresh");
    expect(screen.getByTestId("improvement-figures").textContent).toContain("12.5%");

    fireEvent.click(within(card!).getByRole("button", { name: th.queue.useSuggestion }));
    const answer = within(card!).getByLabelText(th.editor.answer) as HTMLTextAreaElement;
    expect(answer.value).toBe("มีที่จอดรถฟรี 20 คันค่ะ");
    expect((within(card!).getByLabelText(th.editor.language) as HTMLSelectElement).value).toBe(
      "th",
    );
    fireEvent.click(
      within(card!).getByRole("radio", { name: new RegExp(th.editor.modes.guide.label) }),
    );
    fireEvent.click(within(card!).getByRole("button", { name: th.editor.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(th.queue.saved));
    expect(calls("POST /api/console/improve/answers")[0]!.body).toEqual({
      botId: "b1",
      question: "มีที่จอดรถไหมคะ",
      variants: ["Is there parking?"],
      answer: "มีที่จอดรถฟรี 20 คันค่ะ",
      language: "th",
      mode: "guide",
      questionKey: "parking",
      origin: "human_reply",
    });
    // The lists are read again (without another refresh).
    await waitFor(() => expect(calls("GET /api/console/improve/queue")).toHaveLength(2));
    expect(calls("POST /api/console/analytics/refresh")).toHaveLength(1);
  });

  it("dismisses a group", async () => {
    renderAt("/app/improve");
    const cards = await screen.findAllByTestId("improvement-group");
    fireEvent.click(
      within(cards[1]!).getByRole("button", { name: `${en.queue.dismiss}: Do you wrap gifts?` }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(en.queue.dismissed));
    expect(calls("POST /api/console/improve/dismiss")[0]!.body).toEqual({
      botId: "b1",
      key: "gift wrap",
    });
  });

  it("opens the group the dashboard linked to, by any of its keys, and says when it is gone", async () => {
    renderAt("/app/improve?botId=b1&key=car%20parking");
    const [card] = await screen.findAllByTestId("improvement-group");
    expect(document.activeElement?.textContent).toBe("มีที่จอดรถไหมคะ");
    expect(within(card!).getByLabelText(en.editor.answer)).toBeTruthy();
    cleanup();
    renderAt("/app/improve?botId=b2&key=nothing");
    expect(await screen.findByText(en.queue.notFound)).toBeTruthy();
    // The new answer's form is open to write one anyway.
    expect(screen.getByLabelText(en.editor.question)).toBeTruthy();
    expect(calls("GET /api/console/improve/queue?botId=b2")).toHaveLength(1);
  });

  it("lists curated answers: search, pause, versions and restore", async () => {
    api.answers = [
      answerFixture(),
      answerFixture({ id: "a2", question: "Do you deliver?", hits: 0, lastHitAt: null }),
    ];
    renderAt("/app/improve");
    const items = await screen.findAllByTestId("curated-answer");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain(en.answers.hits("1,500"));
    expect(items[1]!.textContent).toContain(en.answers.neverHit);

    fireEvent.change(screen.getByLabelText(en.answers.search), { target: { value: "deliver" } });
    expect(screen.getAllByTestId("curated-answer")).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(en.answers.search), { target: { value: "open" } });
    const [item] = screen.getAllByTestId("curated-answer");

    fireEvent.click(within(item!).getByRole("button", { name: en.answers.pause }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(en.answers.pausedDone));
    expect(calls("PUT /api/console/improve/answers/a1")[0]!.body).toMatchObject({
      botId: "b1",
      enabled: false,
      questionKey: "open time",
    });

    fireEvent.click(within(item!).getByRole("button", { name: en.answers.versions }));
    const list = await within(item!).findByRole("region", {
      name: en.answers.versionsTitle("ร้านเปิดกี่โมง"),
    });
    expect(list.textContent).toContain(en.answers.current);
    expect(list.textContent).toContain(en.answers.editedBy("Nok"));
    fireEvent.click(
      within(list).getByRole("button", {
        name: `${en.answers.restore}: ${en.answers.version("1")}`,
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(en.answers.restored));
  });

  it("says when the answer limit is reached, in the page's words", async () => {
    fetchMock.mockImplementation((input, init) =>
      init?.method === "POST" && String(input) === "/api/console/improve/answers"
        ? Promise.resolve(
            json(
              {
                error: { code: "VALIDATION_FAILED", message: "x", fields: { answers: "tooMany" } },
              },
              422,
            ),
          )
        : respond(input, init),
    );
    renderAt("/app/improve");
    const [card] = await screen.findAllByTestId("improvement-group");
    fireEvent.click(within(card!).getByRole("button", { name: en.queue.write }));
    fireEvent.change(within(card!).getByLabelText(en.editor.answer), { target: { value: "Yes" } });
    fireEvent.click(within(card!).getByRole("button", { name: en.editor.save }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(en.fieldIssues.answersTooMany));
  });
});
