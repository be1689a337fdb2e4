// @vitest-environment jsdom
import type { ComposerStateDto, InboxConversationDto } from "@jai/contracts/inbox";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Composer } from "./composer";
import { inboxMessages } from "./messages";

const en = inboxMessages.en;
const th = inboxMessages.th;

const conversation: InboxConversationDto = {
  id: "c1",
  botId: "b1",
  botName: "Shop Helper",
  channel: "web",
  status: "pending",
  contact: { id: "k1", name: "Somchai", avatarUrl: null },
  assignee: null,
  lastMessage: { at: "2026-11-26T08:00:00.000Z", sender: "user", preview: "hi" },
  unread: true,
  waitingSince: "2026-11-26T08:00:00.000Z",
  snoozedUntil: null,
  hasFeedback: false,
};

const web: ComposerStateDto = {
  channel: "web",
  canReply: true,
  refusal: null,
  window: { kind: "none", endsAt: null },
  line: null,
  images: true,
};

const canned = [
  { id: "1", shortcut: "shipping", body: "We ship within 2 days.", updatedAt: "" },
  { id: "2", shortcut: "hours", body: "We are open 9:00–18:00.", updatedAt: "" },
];

/** What the next render shows. */
let shown: Parameters<typeof Composer>[0];

function Page() {
  return <Composer {...shown} />;
}

function renderComposer(
  {
    composer = web,
    status = conversation.status,
    cannedReplies = canned,
  }: {
    composer?: ComposerStateDto;
    status?: InboxConversationDto["status"];
    cannedReplies?: typeof canned | null;
  } = {},
  url = "/app/inbox/c1",
) {
  const onSend = vi.fn();
  const onWantCanned = vi.fn();
  shown = {
    conversation: { ...conversation, status },
    composer,
    cannedReplies,
    onSend,
    onWantCanned,
  };
  const Stub = createRoutesStub([
    { path: "/app/inbox/c1", Component: Page },
    { path: "/th/app/inbox/c1", Component: Page },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { onSend, onWantCanned };
}

const box = (label = en.composer.label) => screen.getByRole("combobox", { name: label });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Composer", () => {
  it("sends on Enter, adds a line on Shift+Enter, and never sends while Thai is being composed", async () => {
    const { onSend } = renderComposer();
    const textarea = await screen.findByRole("combobox", { name: en.composer.label });
    fireEvent.change(textarea, { target: { value: "สวัสดีค่ะ" } });
    fireEvent.keyDown(textarea, { key: "Enter", isComposing: true });
    fireEvent.keyDown(textarea, { key: "Enter", keyCode: 229 });
    fireEvent.keyDown(textarea, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textarea, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("สวัสดีค่ะ", null);
    expect((textarea as HTMLTextAreaElement).value).toBe("");
  });

  it("says that sending takes the conversation over", async () => {
    renderComposer();
    expect((await screen.findByTestId("takes-over")).textContent).toBe(en.composer.takesOver);
    cleanup();
    renderComposer({ status: "open" });
    await screen.findByRole("combobox");
    expect(screen.queryByTestId("takes-over")).toBeNull();
  });

  it("opens canned replies on a leading /, moves with the arrows and inserts with Enter", async () => {
    const { onSend, onWantCanned } = renderComposer({ cannedReplies: null });
    fireEvent.change(await screen.findByRole("combobox"), { target: { value: "/" } });
    expect(onWantCanned).toHaveBeenCalled();
    cleanup();
    renderComposer();
    const textarea = await screen.findByRole("combobox");
    fireEvent.change(textarea, { target: { value: "/" } });
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "/hoursWe are open 9:00–18:00.",
      "/shippingWe ship within 2 days.",
    ]);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(textarea, { key: "ArrowDown" });
    expect(textarea.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    fireEvent.keyDown(textarea, { key: "Enter" });
    expect((textarea as HTMLTextAreaElement).value).toBe("We ship within 2 days.");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    // A shortcut typed out filters the list; Tab inserts too; Escape closes.
    fireEvent.change(textarea, { target: { value: "/ho" } });
    expect(screen.getAllByRole("option")).toHaveLength(1);
    fireEvent.keyDown(textarea, { key: "Tab" });
    expect((textarea as HTMLTextAreaElement).value).toBe("We are open 9:00–18:00.");
    fireEvent.change(textarea, { target: { value: "/zzz" } });
    expect(screen.getByText(en.composer.canned.none)).toBeTruthy();
    fireEvent.keyDown(textarea, { key: "Escape" });
    expect(screen.queryByText(en.composer.canned.none)).toBeNull();
  });

  it("shows the reply window left, and on LINE whether the reply is free or a push", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date("2026-11-26T08:00:00.000Z") });
    renderComposer({
      composer: {
        ...web,
        channel: "messenger",
        window: { kind: "standard", endsAt: "2026-11-26T13:05:00.000Z" },
      },
    });
    expect((await screen.findByTestId("composer-state")).textContent).toBe(
      `Reply window: 5 h left (${en.composer.window.standardHelp})`,
    );
    cleanup();
    renderComposer(
      {
        composer: {
          ...web,
          channel: "line",
          line: { via: "reply", replyTokenExpiresAt: "2026-11-26T08:00:40.000Z" },
        },
      },
      "/th/app/inbox/c1",
    );
    expect((await screen.findByTestId("composer-state")).textContent).toBe(
      th.composer.lineReply("40 วินาที"),
    );
    cleanup();
    renderComposer({
      composer: { ...web, channel: "line", line: { via: "push", replyTokenExpiresAt: null } },
    });
    expect((await screen.findByTestId("composer-state")).textContent).toBe(en.composer.linePush);
    cleanup();
    renderComposer({
      composer: {
        ...web,
        channel: "messenger",
        window: { kind: "human_agent", endsAt: "2026-11-29T09:00:00.000Z" },
      },
    });
    expect((await screen.findByTestId("composer-state")).textContent).toContain(
      "Human-agent tag: 3 days left",
    );
  });

  it("is disabled with the reason in words when the channel refuses replies", async () => {
    renderComposer(
      {
        composer: {
          ...web,
          channel: "messenger",
          canReply: false,
          refusal: "window_closed",
          window: { kind: "standard", endsAt: "2026-11-20T08:00:00.000Z" },
        },
      },
      "/th/app/inbox/c1",
    );
    expect((await screen.findByTestId("composer-refusal")).textContent).toBe(
      th.composer.refusals.window_closed,
    );
    expect((box(th.composer.label) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: th.composer.send })).toHaveProperty("disabled", true);
  });

  it("refuses an image that is too large, in words, before reading it", async () => {
    renderComposer();
    await screen.findByRole("combobox");
    const input = screen.getByTestId("reply-image-input") as HTMLInputElement;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "slip.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole("alert")).textContent).toBe(
      en.composer.imageErrors.imageTooLarge,
    );
    const svg = new File(["<svg/>"], "x.svg", { type: "image/svg+xml" });
    fireEvent.change(input, { target: { files: [svg] } });
    expect((await screen.findByRole("alert")).textContent).toBe(
      en.composer.imageErrors.unsupportedImage,
    );
  });
});
