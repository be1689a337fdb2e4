// @vitest-environment jsdom
import type { ConversationMessages, PublicBot } from "@jai/contracts/chat";
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "~/components/ui/toaster";
import { BotChatPage } from "./bot-chat-page";
import { pageChatApi } from "./chat-api";
import { BotChatProvider } from "./chat-context";
import { useBotChat } from "./use-bot-chat";

vi.mock("~/components/ui/toaster", () => ({
  toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() },
}));

const bot: PublicBot = {
  id: "demo",
  name: "Demo Bot",
  description: "Ask me anything",
  avatar: "🤖",
  welcomeMessage: "Welcome to the demo!",
  language: "en",
  poweredBy: true,
  indexable: false,
};
const ids = {
  conversationId: "3f1c9a34-5f6e-4c53-9d0e-1c2b3a4d5e6f",
  userMessageId: "0c2d4e6f-8a9b-4c1d-9e2f-3a4b5c6d7e8f",
  botMessageId: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
};

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
let routes: Route;

function sse(events: [string, unknown][]): Response {
  const body = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return new Response(body.join(""), { headers: { "Content-Type": "text/event-stream" } });
}

// No bot from the server: the page loads it after hydration (as when the loader could not).
function DemoBotPage() {
  return <BotChatPage botId="demo" locale="en" initialBot={null} />;
}

function renderPage() {
  const Stub = createRoutesStub([{ path: "/bot/:botId", Component: DemoBotPage }]);
  return render(<Stub initialEntries={["/bot/demo"]} />);
}

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(toast.error).mockClear();
  routes = (url) => {
    if (url === "/api/bots/demo") return Response.json(bot);
    return new Response(null, { status: 404 });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(routes(String(input), init)),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("BotChatPage", () => {
  it("shows Loading bot..., then the header and the greeting", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    routes = async (url) => {
      await held;
      return url === "/api/bots/demo" ? Response.json(bot) : new Response(null, { status: 404 });
    };
    renderPage();
    expect(await screen.findByText("Loading bot...")).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole("heading", { name: "Chat with Demo Bot" })).toBeTruthy();
    expect(screen.getByText(/Ask me anything/).textContent).toBe("• Ask me anything");
    expect(screen.getByText("Welcome to the demo!")).toBeTruthy();
    expect(screen.getByPlaceholderText("Type a message to Demo Bot...")).toBeTruthy();
    const bubble = screen.getByText("Welcome to the demo!").closest("li > div");
    expect(bubble?.className).toContain("max-w-[70%]");
  });

  it("restores the stored conversation with its media", async () => {
    window.localStorage.setItem("jai.bot-chat.demo.conversation", ids.conversationId);
    const stored: ConversationMessages = {
      conversationId: ids.conversationId,
      messages: [
        {
          id: "a",
          sender: "user",
          content: "",
          media: { type: "photo", url: "/api/bots/demo/attachments/x" },
          status: "completed",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
        {
          id: "b",
          sender: "user",
          content: "",
          media: { type: "map", latitude: 13.75, longitude: 100.5 },
          status: "completed",
          createdAt: "2026-01-01T00:00:01.000Z",
        },
        {
          id: "c",
          sender: "bot",
          content: "**Nice** place",
          media: null,
          status: "completed",
          createdAt: "2026-01-01T00:00:02.000Z",
        },
        {
          id: "d",
          sender: "bot",
          content: "",
          media: null,
          status: "cancelled",
          createdAt: "2026-01-01T00:00:03.000Z",
        },
      ],
    };
    routes = (url) => {
      if (url === "/api/bots/demo") return Response.json(bot);
      if (url === `/api/bots/demo/conversations/${ids.conversationId}/messages`)
        return Response.json(stored);
      return new Response(null, { status: 404 });
    };
    renderPage();
    expect(await screen.findByText("Map location shared")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image you shared" }).getAttribute("src")).toBe(
      "/api/bots/demo/attachments/x",
    );
    expect(screen.getByText("Image shared")).toBeTruthy();
    expect(screen.getByText("Nice").tagName).toBe("STRONG");
    // Greeting, the two user messages and one reply: the empty cancelled reply is not shown.
    expect(document.querySelectorAll("li[data-sender]")).toHaveLength(4);
  });

  it("forgets a conversation the server does not know and greets", async () => {
    window.localStorage.setItem("jai.bot-chat.demo.conversation", ids.conversationId);
    renderPage();
    expect(await screen.findByText("Welcome to the demo!")).toBeTruthy();
    expect(window.localStorage.getItem("jai.bot-chat.demo.conversation")).toBeNull();
  });

  it("sends a message, streams the reply in and remembers the conversation", async () => {
    const sent: unknown[] = [];
    routes = (url, init) => {
      if (url === "/api/bots/demo") return Response.json(bot);
      if (url === "/api/bots/demo/chat") {
        sent.push(JSON.parse(String(init?.body)));
        return sse([
          ["start", ids],
          ["token", { text: "Hello" }],
          ["token", { text: " **world**" }],
          ["done", { ...ids, status: "completed" }],
        ]);
      }
      return new Response(null, { status: 404 });
    };
    renderPage();
    const input = await screen.findByPlaceholderText("Type a message to Demo Bot...");
    fireEvent.change(input, { target: { value: "  Hi there  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText("world")).toBeTruthy();
    expect(screen.getByText("Hi there")).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe("");
    expect(sent).toEqual([
      { message: "Hi there", image: null, conversationId: null, language: "en" },
    ]);
    expect(window.localStorage.getItem("jai.bot-chat.demo.conversation")).toBe(ids.conversationId);
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      "Demo Bot: Hello **world**",
    );
  });

  it("keeps Shift+Enter for a new line and sends nothing blank", async () => {
    renderPage();
    const input = await screen.findByPlaceholderText("Type a message to Demo Bot...");
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.change(input, { target: { value: "line one" } });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect((input as HTMLTextAreaElement).value).toBe("line one");
  });

  it("shows the apology and the error toast when the reply fails", async () => {
    routes = (url) => {
      if (url === "/api/bots/demo") return Response.json(bot);
      if (url === "/api/bots/demo/chat")
        return sse([
          ["start", ids],
          ["error", { ...ids, code: "PROVIDER_FAILED", message: "Sorry, stored apology." }],
        ]);
      return new Response(null, { status: 404 });
    };
    renderPage();
    const input = await screen.findByPlaceholderText("Type a message to Demo Bot...");
    fireEvent.change(input, { target: { value: "Hello?" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await vi.waitFor(() =>
      expect(document.querySelector('li[data-status="failed"]')?.textContent).toContain(
        "Sorry, stored apology.",
      ),
    );
    expect(toast.error).toHaveBeenCalledWith("Failed to get response from bot");
  });

  it("keeps a reply a server restart cut short, and asks to send the message again", async () => {
    routes = (url) => {
      if (url === "/api/bots/demo") return Response.json(bot);
      if (url === "/api/bots/demo/chat")
        return sse([
          ["start", ids],
          ["token", { text: "Half of" }],
          ["done", { ...ids, status: "cancelled", reason: "server_restart" }],
        ]);
      return new Response(null, { status: 404 });
    };
    renderPage();
    const input = await screen.findByPlaceholderText("Type a message to Demo Bot...");
    fireEvent.change(input, { target: { value: "Tell me more" } });
    fireEvent.keyDown(input, { key: "Enter" });
    const restartNote =
      "The server restarted before this reply was finished. Please send your message again.";
    await vi.waitFor(() =>
      expect(document.querySelector('li[data-status="cancelled"]')?.textContent).toBe(
        `🤖Half of${restartNote}`,
      ),
    );
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      `Demo Bot: Half of ${restartNote}`,
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows a teammate's reply that arrives on the conversation's events, under their name", async () => {
    window.localStorage.setItem("jai.bot-chat.demo.conversation", ids.conversationId);
    const question = {
      id: "q",
      sender: "user" as const,
      content: "Is anyone there?",
      media: null,
      status: "completed" as const,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const answer = {
      id: "h",
      sender: "human" as const,
      content: "Hi, Nok here",
      media: null,
      status: "completed" as const,
      createdAt: "2026-01-01T00:00:05.000Z",
      authorName: "Nok",
    };
    let fetches = 0;
    const eventRequests: (string | null)[] = [];
    routes = (url, init) => {
      if (url === "/api/bots/demo") return Response.json(bot);
      const base = `/api/bots/demo/conversations/${ids.conversationId}`;
      if (url === `${base}/messages`) {
        fetches++;
        return Response.json({
          conversationId: ids.conversationId,
          messages: fetches === 1 ? [question] : [question, answer],
        });
      }
      if (url === `${base}/events`) {
        eventRequests.push(new Headers(init?.headers).get("Last-Event-ID"));
        return sse([
          ["ready", { type: "ready", cursor: 5 }],
          ["inbox", { id: 6, kind: "message", conversationId: ids.conversationId, messageId: "h" }],
        ]);
      }
      return new Response(null, { status: 404 });
    };
    renderPage();
    expect(await screen.findByText("Hi, Nok here")).toBeTruthy();
    expect(screen.getByText("Nok")).toBeTruthy();
    await vi.waitFor(() => expect(fetches).toBeGreaterThanOrEqual(3));
    // Each message once, however many times the list was fetched.
    expect(screen.getAllByText("Is anyone there?")).toHaveLength(1);
    expect(screen.getAllByText("Hi, Nok here")).toHaveLength(1);
    expect(document.querySelector('li[data-sender="human"]')).toBeTruthy();
    expect(eventRequests[0]).toBeNull();
  });

  it("after a turn handed to a person: no bot bubble, a note, then the teammate's reply", async () => {
    const silentIds = { ...ids, botMessageId: "" };
    let hasReply = false;
    let storeReply: (() => void) | undefined;
    routes = (url) => {
      if (url === "/api/bots/demo") return Response.json(bot);
      if (url === "/api/bots/demo/chat")
        return sse([
          ["start", silentIds],
          ["done", { ...silentIds, status: "silent", sources: [] }],
        ]);
      const base = `/api/bots/demo/conversations/${ids.conversationId}`;
      if (url === `${base}/messages`) {
        const stored = [
          {
            id: ids.userMessageId,
            sender: "user",
            content: "I want to talk to a person",
            media: null,
            status: "completed",
            createdAt: "2026-01-01T00:00:00.000Z",
          },
        ];
        if (hasReply) {
          stored.push({
            id: "h",
            sender: "human",
            content: "Hello, this is Nok",
            media: null,
            status: "completed",
            createdAt: "2026-01-01T00:00:09.000Z",
          });
        }
        return Response.json({ conversationId: ids.conversationId, messages: stored });
      }
      if (url === `${base}/events`) {
        // Live at once; the teammate's reply is stored when the test says.
        return new Response(
          new ReadableStream({
            start(controller) {
              const encode = (text: string) => new TextEncoder().encode(text);
              controller.enqueue(encode('event: ready\ndata: {"type":"ready","cursor":1}\n\n'));
              storeReply = () => {
                hasReply = true;
                controller.enqueue(
                  encode('event: inbox\ndata: {"id":2,"kind":"message","messageId":"h"}\n\n'),
                );
              };
            },
          }),
          { headers: { "Content-Type": "text/event-stream" } },
        );
      }
      return new Response(null, { status: 404 });
    };
    renderPage();
    const input = await screen.findByPlaceholderText("Type a message to Demo Bot...");
    fireEvent.change(input, { target: { value: "I want to talk to a person" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect((await screen.findByTestId("team-will-reply")).textContent).toBe(
      "A team member will reply here.",
    );
    expect(document.querySelectorAll('li[data-sender="bot"]')).toHaveLength(1);
    await vi.waitFor(() => expect(storeReply).toBeDefined());
    act(() => storeReply!());
    expect(await screen.findByText("Hello, this is Nok")).toBeTruthy();
    expect(screen.getByText("Team member")).toBeTruthy();
    expect(screen.getAllByText("I want to talk to a person")).toHaveLength(1);
    expect(screen.queryByTestId("team-will-reply")).toBeNull();
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      "Team member: Hello, this is Nok",
    );
  });

  it("says Failed to load bot for an unknown bot", async () => {
    routes = () => Response.json({ error: { code: "NOT_FOUND" } }, { status: 404 });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Failed to load bot" })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Failed to load bot", expect.anything());
  });
});

describe("useBotChat", () => {
  it("refuses to send before the bot is loaded: Bot not loaded", async () => {
    routes = () => new Promise<Response>(() => {}) as unknown as Response;
    const { result } = renderHook(() => useBotChat("demo"), {
      wrapper: ({ children }) => (
        <BotChatProvider locale="en" api={pageChatApi}>
          {children}
        </BotChatProvider>
      ),
    });
    let sent = true;
    act(() => {
      sent = result.current.send("hello", null);
    });
    expect(sent).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("Bot not loaded");
  });
});
