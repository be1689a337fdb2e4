// @vitest-environment jsdom
import { defaultNotificationPrefs } from "@jai/contracts/inbox";
import type { NotificationSettingsDto } from "@jai/contracts/notifications";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyBytes } from "./browser-push";
import { notificationsMessages } from "./messages";
import { NotificationsPage, type NotificationsPageData } from "./notifications-page";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const settings: NotificationSettingsDto = {
  prefs: defaultNotificationPrefs,
  role: "agent",
  kinds: ["handoff", "waiting"],
  timeZone: "Asia/Bangkok",
  pushSubscriptions: 0,
  emailVerified: true,
};
let shown: NotificationsPageData = { settings, email: "nok@example.com" };

function Page() {
  return <NotificationsPage data={shown} />;
}

function renderAt(url: string, data: NotificationsPageData = shown) {
  shown = data;
  const Stub = createRoutesStub([
    { path: "/app/notifications", Component: Page },
    { path: "/th/app/notifications", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  toast.error.mockReset();
  toast.success.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NotificationsPage", () => {
  it("shows an agent the alerts an agent gets, in Thai, and says when the browser cannot notify", async () => {
    renderAt("/th/app/notifications");
    const m = notificationsMessages.th;
    expect(screen.getByRole("heading", { level: 1, name: m.title })).toBeTruthy();
    expect(screen.getByLabelText(m.events.handoff)).toBeTruthy();
    expect(screen.getByLabelText(m.events.waiting)).toBeTruthy();
    expect(screen.queryByLabelText(m.events.negativeFeedback)).toBeNull();
    expect(screen.getByText(m.quiet.zone("Asia/Bangkok"))).toBeTruthy();
    // jsdom has no Push API.
    expect(await screen.findByText(m.browser.unsupported)).toBeTruthy();
  });

  it("saves the preferences and refuses a time that is not one", async () => {
    renderAt("/app/notifications", {
      settings: {
        ...settings,
        role: "owner",
        kinds: ["handoff", "new_conversation", "waiting", "negative_feedback"],
      },
      email: "owner@example.com",
    });
    const m = notificationsMessages.en;
    fireEvent.click(screen.getByLabelText(m.events.negativeFeedback));
    fireEvent.click(screen.getByLabelText(m.means.email("owner@example.com")));
    fireEvent.click(screen.getByLabelText(m.quiet.enabled));
    fireEvent.change(screen.getByLabelText(m.quiet.from), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: m.common.save }));
    expect(await screen.findByText(m.quiet.invalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(m.quiet.from), { target: { value: "21:30" } });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(settings), { headers: { "Content-Type": "application/json" } }),
    );
    fireEvent.click(screen.getByRole("button", { name: m.common.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(m.common.saved));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/console/notifications/preferences");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({
      events: { handoff: true, newConversation: true, waiting: true, negativeFeedback: false },
      means: { email: false, push: true },
      quietHours: { enabled: true, from: "21:30", to: "08:00" },
    });
  });

  it("sends a test and says what happened by each means", async () => {
    renderAt("/app/notifications", { settings, email: "nok@example.com" });
    const m = notificationsMessages.en;
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ email: "queued", push: { sent: 2, failed: 1, subscriptions: 3 } }),
        {
          headers: { "Content-Type": "application/json" },
        },
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: m.test.send }));
    expect(await screen.findByText(m.test.emailQueued)).toBeTruthy();
    expect(screen.getByText(m.test.pushSent(2))).toBeTruthy();
    expect(screen.getByText(m.test.pushFailed(1))).toBeTruthy();
  });

  it("turns the server's base64url key into the bytes the Push API takes", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect([...keyBytes(encoded)]).toEqual([...bytes]);
  });
});
