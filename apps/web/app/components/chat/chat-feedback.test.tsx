// @vitest-environment jsdom
import { analyticsLimits } from "@jai/contracts/analytics";
import type { ConversationMessages, PublicBot } from "@jai/contracts/chat";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BotChatPage } from "./bot-chat-page";
import { feedbackReasonMax } from "./chat-message";
import type { ChatLocale } from "./messages";

vi.mock("~/components/ui/toaster", () => ({
  toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() },
}));

const conversationId = "3f1c9a34-5f6e-4c53-9d0e-1c2b3a4d5e6f";
const replyId = "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a";
const bot = (language: ChatLocale): PublicBot => ({
  id: "demo",
  name: "Demo Bot",
  description: "",
  avatar: "🤖",
  welcomeMessage: "Hello!",
  language,
  poweredBy: false,
  indexable: false,
});

let stored: ConversationMessages;
let posted: { url: string; body: unknown }[];
let refuse: number | null;

let pageLocale: ChatLocale = "en";
function DemoPage() {
  return <BotChatPage botId="demo" locale={pageLocale} initialBot={bot(pageLocale)} />;
}

function renderChat(locale: ChatLocale) {
  window.localStorage.setItem("jai.bot-chat.demo.conversation", conversationId);
  pageLocale = locale;
  const Stub = createRoutesStub([{ path: "/bot/:botId", Component: DemoPage }]);
  return render(<Stub initialEntries={["/bot/demo"]} />);
}

beforeEach(() => {
  window.localStorage.clear();
  posted = [];
  refuse = null;
  stored = {
    conversationId,
    messages: [
      {
        id: "u1",
        sender: "user",
        content: "When are you open?",
        media: null,
        status: "completed",
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      {
        id: replyId,
        sender: "bot",
        content: "Every day from 9 to 5.",
        media: null,
        status: "completed",
        createdAt: "2026-01-01T00:00:01.000Z",
        feedback: null,
      },
    ],
    csat: { asked: false, score: null },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/messages")) return Response.json(stored);
      if (init?.method === "POST" && /\/(feedback|csat)$/.test(url)) {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        if (refuse) return Response.json({ error: { code: "CONFLICT" } }, { status: refuse });
        return Response.json({});
      }
      // The event stream: nothing to say.
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("thumbs on the bot's replies", () => {
  it("toggles a vote with the keyboard, asks an optional reason on thumbs down, takes it back", async () => {
    renderChat("en");
    const group = await screen.findByRole("group", { name: "Was this reply helpful?" });
    const up = within(group).getByRole("button", { name: "Helpful" });
    const down = within(group).getByRole("button", { name: "Not helpful" });
    expect(up.getAttribute("aria-pressed")).toBe("false");
    // Greeting has no thumbs: one group only.
    expect(screen.getAllByRole("group", { name: "Was this reply helpful?" })).toHaveLength(1);

    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(up.getAttribute("aria-pressed")).toBe("true"));
    expect(posted.at(-1)).toEqual({
      url: `/api/bots/demo/conversations/${conversationId}/feedback`,
      body: { messageId: replyId, rating: "up" },
    });
    expect(await screen.findByText("Thanks for your feedback.")).toBeTruthy();

    // A change: thumbs down, then the reason (focused, within the limit), sent.
    fireEvent.click(down);
    const reason = await screen.findByLabelText("What was wrong? (optional)");
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(down.getAttribute("aria-pressed")).toBe("true");
    expect(up.getAttribute("aria-pressed")).toBe("false");
    expect(reason.getAttribute("maxlength")).toBe(String(analyticsLimits.feedbackReason));
    fireEvent.change(reason, { target: { value: "  Closed on Sundays " } });
    fireEvent.submit(reason.closest("form")!);
    await waitFor(() =>
      expect(posted.at(-1)?.body).toEqual({
        messageId: replyId,
        rating: "down",
        reason: "Closed on Sundays",
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText("What was wrong? (optional)")).toBeNull());
    expect(document.activeElement).toBe(down);

    // Pressed again: taken back.
    fireEvent.click(down);
    await waitFor(() => expect(down.getAttribute("aria-pressed")).toBe("false"));
    expect(posted.at(-1)?.body).toEqual({ messageId: replyId, rating: null });
  });

  it("shows the stored vote after a reload, in Thai, and Escape skips the reason", async () => {
    stored.messages[1] = { ...stored.messages[1]!, feedback: "up" };
    renderChat("th");
    const group = await screen.findByRole("group", { name: "คำตอบนี้มีประโยชน์ไหม" });
    const up = within(group).getByRole("button", { name: "ถูกใจ" });
    expect(up.getAttribute("aria-pressed")).toBe("true");
    const down = within(group).getByRole("button", { name: "ไม่ถูกใจ" });
    fireEvent.click(down);
    const reason = await screen.findByLabelText("คำตอบนี้ไม่ดีตรงไหน (ไม่บังคับ)");
    fireEvent.keyDown(reason, { key: "Escape" });
    await waitFor(() => expect(screen.queryByLabelText(/ไม่บังคับ/)).toBeNull());
    expect(down.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("ขอบคุณสำหรับความคิดเห็น")).toBeTruthy();
  });

  it("undoes a vote the server refused, and says so", async () => {
    refuse = 500;
    renderChat("en");
    const up = await screen.findByRole("button", { name: "Helpful" });
    fireEvent.click(up);
    expect(await screen.findByText("Your feedback was not saved. Please try again.")).toBeTruthy();
    expect(up.getAttribute("aria-pressed")).toBe("false");
  });

  it("keeps the reason's limit equal to the contracts'", () => {
    expect(feedbackReasonMax).toBe(analyticsLimits.feedbackReason);
  });
});

describe("the satisfaction question", () => {
  it("shows five labelled scores once asked, answers with one, then thanks", async () => {
    stored.csat = { asked: true, score: null };
    renderChat("en");
    const card = await screen.findByRole("region", {
      name: "How satisfied are you with this conversation?",
    });
    const buttons = within(card).getAllByRole("button");
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "1 – Very unhappy",
      "2 – Unhappy",
      "3 – Neutral",
      "4 – Happy",
      "5 – Very happy",
    ]);
    buttons[3]!.focus();
    fireEvent.click(buttons[3]!);
    expect(await screen.findByText("Thank you for your rating (4/5)!")).toBeTruthy();
    expect(posted.at(-1)).toEqual({
      url: `/api/bots/demo/conversations/${conversationId}/csat`,
      body: { score: 4 },
    });
    expect(screen.queryByRole("region", { name: /How satisfied/ })).toBeNull();
  });

  it("asks in Thai, says when the answer failed, and shows nothing once answered or not asked", async () => {
    stored.csat = { asked: true, score: null };
    refuse = 500;
    const view = renderChat("th");
    const card = await screen.findByRole("region", { name: "คุณพึงพอใจกับบทสนทนานี้แค่ไหน" });
    const five = within(card).getByRole("button", { name: "คะแนน 5 – พอใจมาก" });
    fireEvent.click(five);
    expect(await screen.findByText("บันทึกคะแนนไม่สำเร็จ กรุณาลองอีกครั้ง")).toBeTruthy();
    view.unmount();

    stored.csat = { asked: true, score: 3 };
    renderChat("th");
    await screen.findByRole("group", { name: "คำตอบนี้มีประโยชน์ไหม" });
    expect(screen.queryByTestId("csat-card")).toBeNull();
  });
});
