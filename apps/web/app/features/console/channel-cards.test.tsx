// @vitest-environment jsdom
import type {
  MetaChannelDto,
  MetaConnectResultDto,
  TiktokChannelDto,
} from "@jai/contracts/channels";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { channelsMessages } from "./channels-messages";
import { MetaCard } from "./meta-card";
import { metaMessages } from "./meta-messages";
import { TiktokCard } from "./tiktok-card";
import { tiktokMessages } from "./tiktok-messages";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const connected: Extract<MetaChannelDto, { status: "connected" | "error" }> = {
  status: "connected",
  channel: "messenger",
  connectionId: "6f1c2a9e-1b2c-4d5e-8f90-0123456789ab",
  page: { id: "104000000000001", name: "Somtam Shop", pictureUrl: null },
  instagram: null,
  appSecretLast4: "cdef",
  tokenLast4: "wxyz",
  verifyTokenLast4: "Ab3_",
  callbackUrl: "https://jai.example/api/webhooks/meta/6f1c2a9e-1b2c-4d5e-8f90-0123456789ab",
  subscribeFields: ["messages", "messaging_postbacks"],
  humanAgentTag: false,
  webhookVerifiedAt: null,
  signatureFailedAt: null,
  lastError: null,
  ignoredEvents: 0,
  sentThisMonth: 0,
};

/** What the next render shows (the route's component reads it). */
let shown: ReactElement | null = null;

function Shown() {
  return shown;
}

function renderAt(url: string, element: ReactElement) {
  shown = element;
  const Stub = createRoutesStub([
    { path: "/app/bots/b1/channels", Component: Shown },
    { path: "/th/app/bots/b1/channels", Component: Shown },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    }),
  );

/** Fills the Messenger / Instagram form as an owner would and presses Connect. */
function connect(m: (typeof metaMessages)["en"], channel: "messenger" | "instagram") {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill(m.pageId, "104000000000001");
  if (channel === "instagram") fill(m.instagramAccountId, "17841400000000001");
  fill(m.pageAccessToken, "EAAe2eMetaPageAccessToken0123456789abcdef");
  fill(m.appSecret, "b123456789abcdefb123456789abcdef");
  fireEvent.click(screen.getByRole("button", { name: m[channel].connect }));
}

/** The texts an input is described by (its help and its error). */
const describedBy = (label: string) =>
  (screen.getByLabelText(label).getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

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

describe("MetaCard", () => {
  it("connects Instagram with the account and the permission, shows the verify token once and empties the secrets", async () => {
    const m = metaMessages.en;
    const result: MetaConnectResultDto = {
      channel: { ...connected, channel: "instagram" },
      verifyToken: "jai_verify-token-shown-once",
    };
    answer(200, result);
    const { container } = renderAt(
      "/app/bots/b1/channels",
      <MetaCard
        botId="b1"
        channel="instagram"
        state={{ status: "not_connected", channel: "instagram" }}
      />,
    );
    fireEvent.click(screen.getByLabelText(m.humanAgent));
    connect(m, "instagram");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(m.instagram.connected));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/console/bots/b1/channels/instagram");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({
      pageId: "104000000000001",
      instagramAccountId: "17841400000000001",
      pageAccessToken: "EAAe2eMetaPageAccessToken0123456789abcdef",
      appSecret: "b123456789abcdefb123456789abcdef",
      humanAgentTag: true,
    });
    // The secrets typed are gone from the page (the state still says "not connected" here).
    for (const input of container.querySelectorAll<HTMLInputElement>("input[type=password]")) {
      expect(input.value).toBe("");
    }
  });

  it("says in Thai that Meta did not answer, in the card and not only in a toast", async () => {
    const m = metaMessages.th;
    answer(503, {
      error: { code: "SERVICE_UNAVAILABLE", message: "…", fields: { meta: "unreachable" } },
    });
    renderAt(
      "/th/app/bots/b1/channels",
      <MetaCard
        botId="b1"
        channel="messenger"
        state={{ status: "not_connected", channel: "messenger" }}
      />,
    );
    connect(m, "messenger");
    expect((await screen.findByRole("alert")).textContent).toBe(m.issues.unreachable);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).not.toHaveProperty(
      "instagramAccountId",
    );
  });

  it("explains the plan's allowance with a way to the plans", async () => {
    const m = metaMessages.en;
    answer(403, {
      error: { code: "PLAN_LIMIT_REACHED", message: "…", fields: { limit: "channels" } },
    });
    renderAt(
      "/app/bots/b1/channels",
      <MetaCard
        botId="b1"
        channel="messenger"
        state={{ status: "not_connected", channel: "messenger" }}
      />,
    );
    connect(m, "messenger");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(channelsMessages.en.widget.limitReached);
    expect(screen.getByRole("link", { name: channelsMessages.en.widget.upgrade })).toBeTruthy();
  });

  it("puts Meta's refusal of the token and a wrong Page next to their fields", async () => {
    const m = metaMessages.en;
    answer(422, {
      error: {
        code: "VALIDATION_FAILED",
        message: "…",
        fields: { pageAccessToken: "refused", appSecret: "invalid" },
      },
    });
    renderAt(
      "/app/bots/b1/channels",
      <MetaCard
        botId="b1"
        channel="messenger"
        state={{ status: "not_connected", channel: "messenger" }}
      />,
    );
    connect(m, "messenger");
    await waitFor(() =>
      expect(screen.getByLabelText(m.pageAccessToken).getAttribute("aria-invalid")).toBe("true"),
    );
    expect(describedBy(m.pageAccessToken)).toContain(m.issues.refused);
    expect(describedBy(m.appSecret)).toContain(m.issues.invalidAppSecret);
  });

  it("in error: Meta's reason and a Reconnect that opens the form with the Page ID kept", () => {
    const m = metaMessages.en;
    renderAt(
      "/app/bots/b1/channels",
      <MetaCard
        botId="b1"
        channel="messenger"
        state={{
          ...connected,
          status: "error",
          lastError: "Meta refused the Page access token (code 190): the session has expired.",
          webhookVerifiedAt: "2026-11-20T03:00:00.000Z",
          signatureFailedAt: "2026-11-21T03:00:00.000Z",
        }}
      />,
    );
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes("code 190"))).toBe(true);
    expect(alerts.some((text) => text?.includes(m.signatureFailed))).toBe(true);
    expect(screen.queryByLabelText(m.pageAccessToken)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: m.reconnect }));
    expect((screen.getByLabelText(m.pageId) as HTMLInputElement).value).toBe("104000000000001");
    expect((screen.getByLabelText(m.pageAccessToken) as HTMLInputElement).value).toBe("");
  });

  it("counts this month's sends in the page's number format, and ignored events only when some were", () => {
    const th = metaMessages.th;
    renderAt(
      "/th/app/bots/b1/channels",
      <MetaCard
        botId="b1"
        channel="messenger"
        state={{ ...connected, sentThisMonth: 1234, ignoredEvents: 3 }}
      />,
    );
    expect(screen.getByText(th.sent("1,234"))).toBeTruthy();
    expect(screen.getByText(th.ignored("3"))).toBeTruthy();
    cleanup();
    renderAt(
      "/th/app/bots/b1/channels",
      <MetaCard botId="b1" channel="messenger" state={{ ...connected, sentThisMonth: 5 }} />,
    );
    expect(screen.getByText(th.sent("5"))).toBeTruthy();
    expect(screen.queryByText(th.ignored("0"))).toBeNull();
  });

  it("makes a new verify token and shows it this once", async () => {
    const m = metaMessages.en;
    answer(200, { channel: connected, verifyToken: "jai_a-new-verify-token" });
    renderAt(
      "/app/bots/b1/channels",
      <MetaCard botId="b1" channel="messenger" state={connected} />,
    );
    expect(screen.getByText(m.verifyTokenHidden("Ab3_"))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: m.newVerifyToken }));
    expect((await screen.findByTestId("messenger-verify-token-value")).textContent).toBe(
      "jai_a-new-verify-token",
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/console/bots/b1/channels/messenger/verify-token");
    expect(init?.method).toBe("POST");
  });
});

describe("TiktokCard", () => {
  const fillAndConnect = (k: (typeof tiktokMessages)["en"]) => {
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(k.appId, "e2e-tiktok-app-0001");
    fill(k.appSecret, "e2e-tiktok-secret-0123456789abcdef");
    fill(k.businessId, "e2e-business-0001");
    fill(k.accessToken, "e2e-tiktok-access-token-0123456789abcdef");
    fireEvent.click(screen.getByRole("button", { name: k.connect }));
  };
  const notConnected: TiktokChannelDto = { status: "not_connected" };

  it("shows a refused token next to its field and TikTok's own words under the card's", async () => {
    const k = tiktokMessages.th;
    answer(422, {
      error: {
        code: "VALIDATION_FAILED",
        message: "…",
        fields: { accessToken: "refused", tiktokAnswer: "Access token is invalid or expired." },
      },
    });
    renderAt("/th/app/bots/b1/channels", <TiktokCard botId="b1" tiktok={notConnected} />);
    fillAndConnect(k);
    expect((await screen.findByTestId("tiktok-answer")).textContent).toBe(
      "Access token is invalid or expired.",
    );
    expect(describedBy(k.accessToken)).toContain(k.issues.tokenRefused);
    expect(screen.getByLabelText(k.accessToken).getAttribute("aria-invalid")).toBe("true");
  });

  it("says TikTok did not answer", async () => {
    const k = tiktokMessages.en;
    answer(503, {
      error: { code: "SERVICE_UNAVAILABLE", message: "…", fields: { tiktok: "unreachable" } },
    });
    renderAt("/app/bots/b1/channels", <TiktokCard botId="b1" tiktok={notConnected} />);
    fillAndConnect(k);
    expect((await screen.findByTestId("tiktok-refusal")).textContent).toBe(k.issues.unreachable);
  });
});

describe("a connected channel's disconnect (shared by the LINE, Meta and TikTok cards)", () => {
  it("asks first, keeps the dialog with the server's words when it fails, then disconnects", async () => {
    const m = metaMessages.th;
    renderAt(
      "/th/app/bots/b1/channels",
      <MetaCard botId="b1" channel="messenger" state={connected} />,
    );
    fireEvent.click(screen.getByRole("button", { name: m.disconnect }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(m.messenger.disconnectTitle);
    expect(fetchMock).not.toHaveBeenCalled();

    answer(503, { error: { code: "SERVICE_UNAVAILABLE", message: "ลองใหม่อีกครั้งในอีกสักครู่" } });
    const confirm = () =>
      fireEvent.click(
        [...dialog.querySelectorAll("button")].find(
          (button) => button.textContent === m.disconnect,
        )!,
      );
    confirm();
    await waitFor(() =>
      expect(dialog.querySelector("[role=alert]")?.textContent).toBe("ลองใหม่อีกครั้งในอีกสักครู่"),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();

    answer(200, { ok: true });
    confirm();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(m.messenger.disconnected));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/console/bots/b1/channels/messenger");
    expect(init?.method).toBe("DELETE");
  });
});
