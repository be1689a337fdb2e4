// @vitest-environment jsdom
import { deliveryProblems } from "@jai/contracts/delivery-problems";
import type {
  InboxConversationDetailDto,
  InboxConversationDto,
  InboxMessageDto,
  InboxPageDto,
} from "@jai/contracts/inbox";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InboxPage } from "./inbox-page";
import { inboxMessages } from "./messages";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const en = inboxMessages.en;
const th = inboxMessages.th;
const me = { id: "u1", name: "Nok" };

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function row(overrides: Partial<InboxConversationDto> = {}): InboxConversationDto {
  return {
    id: "c1",
    botId: "b1",
    botName: "Shop Helper",
    channel: "line",
    status: "pending",
    contact: { id: "7f3a2b10-0000-4000-8000-000000000001", name: "Somchai", avatarUrl: null },
    assignee: null,
    lastMessage: { at: minutesAgo(12), sender: "user", preview: "ขอคุยกับพนักงาน" },
    unread: true,
    waitingSince: minutesAgo(12),
    snoozedUntil: null,
    hasFeedback: false,
    ...overrides,
  };
}

function message(overrides: Partial<InboxMessageDto>): InboxMessageDto {
  return {
    id: "m1",
    sender: "user",
    content: "",
    status: "completed",
    media: null,
    author: null,
    event: null,
    delivery: null,
    sentVia: null,
    deliveryError: null,
    sources: [],
    createdAt: minutesAgo(12),
    ...overrides,
  };
}

function detail(conversation = row()): InboxConversationDetailDto {
  return {
    conversation,
    messages: [
      message({ id: "m1", content: "ราคาเท่าไหร่คะ" }),
      message({ id: "m2", sender: "bot", content: "299 บาทค่ะ" }),
      message({ id: "m3", content: "ขอคุยกับพนักงาน" }),
      message({
        id: "m4",
        sender: "event",
        event: {
          type: "handoff_requested",
          actorName: null,
          assigneeName: null,
          reason: "request",
          until: null,
        },
      }),
      message({ id: "m5", sender: "user", media: { type: "photo", url: "/media/slip.jpg" } }),
    ],
    contact: {
      id: conversation.contact.id,
      name: "Somchai",
      avatarUrl: null,
      channel: "line",
      language: "th",
      firstSeenAt: minutesAgo(60 * 24 * 3),
      lastSeenAt: minutesAgo(12),
      email: null,
      attributes: { city: "Chiang Mai" },
      notes: null,
      memory: "- Likes oolong tea",
      pastConversations: [],
    },
    composer: {
      channel: "line",
      canReply: true,
      refusal: null,
      window: { kind: "none", endsAt: null },
      line: { via: "push", replyTokenExpiresAt: null },
      images: true,
    },
    teammates: [me, { id: "u2", name: "Ann" }],
  };
}

/** What the fake API answers; each test changes it. */
let api: {
  page: InboxPageDto;
  details: Record<string, InboxConversationDetailDto>;
  reply?: (body: { text: string; clientId: string }) => Promise<Response>;
};
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const method = init?.method ?? "GET";
  const path = url.pathname.replace("/api/console/inbox", "");
  if (method === "GET" && path === "/conversations") return Promise.resolve(json(api.page));
  const detailMatch = /^\/conversations\/([^/]+)$/.exec(path);
  if (method === "GET" && detailMatch) {
    const found = api.details[detailMatch[1]!];
    return Promise.resolve(found ? json(found) : json({ error: { code: "NOT_FOUND" } }, 404));
  }
  if (method === "POST" && path.endsWith("/read")) {
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  if (method === "POST" && path.endsWith("/messages") && api.reply) {
    return api.reply(JSON.parse(String(init?.body)));
  }
  if (method === "POST" && path.endsWith("/actions")) {
    const body = JSON.parse(String(init?.body)) as { action: string };
    const changed = row({ status: body.action === "take_over" ? "open" : "bot", assignee: me });
    api.details.c1 = { ...detail(changed) };
    return Promise.resolve(json(changed));
  }
  if (method === "GET" && path === "/canned-replies") return Promise.resolve(json([]));
  return Promise.resolve(json({ error: { code: "NOT_FOUND" } }, 404));
}

class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
  close() {
    this.readyState = 2;
  }
}

function Page() {
  const { conversationId } = useParams();
  return (
    <InboxPage
      data={{ me, bots: [{ id: "b1", name: "Shop Helper" }] }}
      conversationId={conversationId ?? null}
    />
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/app/inbox", Component: Page },
    { path: "/app/inbox/:conversationId", Component: Page },
    { path: "/th/app/inbox", Component: Page },
    { path: "/th/app/inbox/:conversationId", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const calls = (predicate: (url: string, method: string) => boolean) =>
  fetchMock.mock.calls.filter(([input, init]) => predicate(String(input), init?.method ?? "GET"));

beforeEach(() => {
  api = { page: { conversations: [row()], nextCursor: null }, details: { c1: detail() } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(answer);
  vi.stubGlobal("fetch", fetchMock);
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  toast.error.mockReset();
  toast.success.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("InboxPage", () => {
  it("lists conversations with who waits, since when and who said what, in Thai", async () => {
    // Mid-afternoon, so that "90 minutes ago" is today whenever the suite runs (at 00:30 it is
    // yesterday, and the row rightly says so).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 10, 26, 14, 30) });
    api.page.conversations = [
      row(),
      row({
        id: "c2",
        status: "bot",
        unread: false,
        waitingSince: null,
        contact: { id: "3fa91c00-0000-4000-8000-000000000002", name: null, avatarUrl: null },
        channel: "widget",
        lastMessage: { at: minutesAgo(90), sender: "bot", preview: "ยินดีค่ะ" },
      }),
    ];
    renderAt("/th/app/inbox");
    const rows = await screen.findAllByTestId("inbox-row");
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText("Somchai")).toBeTruthy();
    expect(first.getByText(th.statuses.pending)).toBeTruthy();
    expect(first.getByTestId("waiting").textContent).toBe("รอมา 12 นาที");
    expect(first.getByTestId("unread-dot").textContent).toBe(th.list.unread);
    const second = within(rows[1]!);
    expect(second.getByText("ผู้เยี่ยมชม 3fa9")).toBeTruthy();
    expect(second.getByText("Shop Helper: ยินดีค่ะ")).toBeTruthy();
    expect(second.getByText(th.statuses.bot)).toBeTruthy();
    expect(second.getByText("1 ชม.")).toBeTruthy();
    expect(rows[0]!.getAttribute("href")).toBe("/th/app/inbox/c1");
  });

  it("explains the inbox when there is nothing in it", async () => {
    api.page.conversations = [];
    renderAt("/app/inbox");
    expect((await screen.findByTestId("inbox-empty")).textContent).toContain(en.emptyTitle);
  });

  it("filters by status, assignee and search through the API, and keeps them on the links", async () => {
    renderAt("/app/inbox");
    await screen.findAllByTestId("inbox-row");
    fireEvent.click(screen.getByRole("button", { name: en.statusTabs.pending }));
    await waitFor(() =>
      expect(calls((url) => url.endsWith("/conversations?status=pending"))).toHaveLength(1),
    );
    fireEvent.change(screen.getByLabelText(en.filters.assignee), { target: { value: "mine" } });
    await waitFor(() =>
      expect(
        calls((url) => url.endsWith("/conversations?status=pending&assignee=mine")),
      ).toHaveLength(1),
    );
    fireEvent.change(screen.getByRole("searchbox", { name: en.filters.search }), {
      target: { value: "somchai" },
    });
    await waitFor(() =>
      expect(
        calls((url) => url.endsWith("/conversations?status=pending&assignee=mine&q=somchai")),
      ).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId("inbox-row")[0]!.getAttribute("href")).toBe(
        "/app/inbox/c1?status=pending&assignee=mine&q=somchai",
      ),
    );
  });

  it("opens a conversation: every sender named, events in words, images large, read at once", async () => {
    renderAt("/app/inbox/c1");
    const transcript = await screen.findByTestId("inbox-transcript");
    expect(within(transcript).getByText("ราคาเท่าไหร่คะ")).toBeTruthy();
    const bot = within(transcript).getByText("299 บาทค่ะ").closest("li")!;
    expect(bot.textContent).toContain("Shop Helper");
    expect(within(transcript).getByTestId("inbox-event").textContent).toContain(
      en.events.handoff.request,
    );
    fireEvent.click(within(transcript).getByRole("button", { name: en.conversation.openImage }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("img").getAttribute("src")).toBe("/media/slip.jpg");
    await waitFor(() =>
      expect(calls((url, method) => method === "POST" && url.endsWith("/c1/read"))).toHaveLength(1),
    );
    // The row is read now.
    await waitFor(() => expect(screen.queryByTestId("unread-dot")).toBeNull());
    // The contact panel: the details, the memory.
    const panels = screen.getAllByTestId("contact-panel");
    expect(panels[0]!.textContent).toContain("Chiang Mai");
    expect(panels[0]!.textContent).toContain("Likes oolong tea");
    expect(screen.getByTestId("composer-state").textContent).toBe(en.composer.linePush);
  });

  it("takes over with one click and shows the new status", async () => {
    renderAt("/app/inbox/c1");
    await screen.findByTestId("inbox-transcript");
    fireEvent.click(screen.getByRole("button", { name: en.actions.takeOver }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(en.actions.done.take_over));
    const [, init] = calls((url) => url.endsWith("/c1/actions"))[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ action: "take_over" });
    await waitFor(() =>
      expect(screen.getByTestId("inbox-conversation").getAttribute("data-status")).toBe("open"),
    );
    expect(screen.queryByRole("button", { name: en.actions.takeOver })).toBeNull();
  });

  it("shows a reply at once, then the stored one; a refusal stays with its reason and a retry", async () => {
    let release: (response: Response) => void = () => {};
    api.reply = () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      });
    renderAt("/app/inbox/c1");
    const box = await screen.findByRole("combobox", { name: en.composer.label });
    fireEvent.change(box, { target: { value: "สวัสดีค่ะ ยินดีช่วยค่ะ" } });
    fireEvent.keyDown(box, { key: "Enter" });
    const sending = await screen.findByText("สวัสดีค่ะ ยินดีช่วยค่ะ");
    expect(sending.closest("li")!.getAttribute("data-outgoing")).toBe("sending");
    const [, init] = calls((url, method) => method === "POST" && url.endsWith("/c1/messages"))[0]!;
    const sent = JSON.parse(String(init?.body)) as { text: string; clientId: string };
    expect(sent.text).toBe("สวัสดีค่ะ ยินดีช่วยค่ะ");
    expect(sent.clientId).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () =>
      release(
        json(
          message({
            id: "m9",
            sender: "human",
            content: sent.text,
            author: me,
            delivery: "sent",
            sentVia: "push",
          }),
          201,
        ),
      ),
    );
    const stored = await screen.findByText("สวัสดีค่ะ ยินดีช่วยค่ะ");
    await waitFor(() => expect(stored.closest("li")!.textContent).toContain(en.delivery.sentPush));
    expect(stored.closest("li")!.textContent).toContain("Nok (you)");

    api.reply = () =>
      Promise.resolve(
        json({ error: { code: "CONFLICT", message: "The reply window has closed." } }, 409),
      );
    fireEvent.change(box, { target: { value: "ยังอยู่ไหมคะ" } });
    fireEvent.keyDown(box, { key: "Enter" });
    const failed = await screen.findByText(/Not delivered: The reply window has closed\./);
    expect(failed.closest("li")!.getAttribute("data-outgoing")).toBe("failed");
    expect(
      within(failed.closest("li")!).getByRole("button", { name: en.delivery.retry }),
    ).toBeTruthy();
  });

  it("says why the platform refused a bot reply, in words with a retry; a delivered one says nothing", async () => {
    api.details.c1 = {
      ...detail(),
      messages: [
        message({ id: "m1", content: "ร้านเปิดกี่โมงคะ" }),
        message({ id: "m2", sender: "bot", content: "9 โมงเช้าค่ะ", delivery: "sent" }),
        message({ id: "m3", content: "วันอาทิตย์เปิดไหมคะ" }),
        message({
          id: "m4",
          sender: "bot",
          content: "เปิดทุกวันค่ะ",
          delivery: "failed",
          deliveryError: "Meta refused the message (code 10): outside the reply window",
        }),
      ],
    };
    renderAt("/app/inbox/c1");
    const refused = await screen.findByText("เปิดทุกวันค่ะ");
    const note = within(refused.closest("li")!).getByRole("note");
    expect(note.textContent).toContain(
      en.delivery.failed("Meta refused the message (code 10): outside the reply window"),
    );
    expect(within(note).getByRole("button", { name: en.delivery.retry })).toBeTruthy();
    const delivered = screen.getByText("9 โมงเช้าค่ะ").closest("li")!;
    expect(within(delivered).queryByRole("note")).toBeNull();
    expect(within(delivered).queryByTestId("delivery")).toBeNull();
  });

  it("says on a Thai page why the platform refused a reply, in Thai, keeping the platform's own words", async () => {
    const parts = { platform: "Messenger", detail: "(#10) outside of allowed window" };
    api.details.c1 = {
      ...detail(),
      messages: [
        message({ id: "m1", content: "ร้านเปิดกี่โมงคะ" }),
        message({
          id: "m2",
          sender: "bot",
          content: "เปิดทุกวันค่ะ",
          delivery: "failed",
          deliveryError: deliveryProblems.metaWindow.en(parts),
        }),
      ],
    };
    renderAt("/th/app/inbox/c1");
    const refused = await screen.findByText("เปิดทุกวันค่ะ");
    const note = within(refused.closest("li")!).getByRole("note");
    expect(note.textContent).toContain(th.delivery.failed(deliveryProblems.metaWindow.th(parts)));
    expect(note.textContent).not.toContain("Meta says");
  });

  it("follows the event stream: the list and the open conversation refetch without a reload", async () => {
    renderAt("/app/inbox/c1");
    await screen.findByTestId("inbox-transcript");
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe("/api/console/inbox/stream");
    const lists = calls(
      (url) => url.includes("/inbox/conversations?") || url.endsWith("/conversations"),
    ).length;
    api.details.c1 = {
      ...detail(),
      messages: [...detail().messages, message({ id: "m6", content: "ยังอยู่ไหมคะ" })],
    };
    act(() =>
      stream.emit("inbox", { id: 7, kind: "message", conversationId: "c1", messageId: "m6" }),
    );
    expect(await screen.findByText("ยังอยู่ไหมคะ")).toBeTruthy();
    await waitFor(() =>
      expect(
        calls((url) => url.includes("/inbox/conversations?") || url.endsWith("/conversations"))
          .length,
      ).toBeGreaterThan(lists),
    );
    // The customer typing shows in the open conversation.
    act(() =>
      stream.emit("inbox", { id: 8, kind: "typing", conversationId: "c1", messageId: null }),
    );
    expect(await screen.findByTestId("typing")).toBeTruthy();
  });
});
