// @vitest-environment jsdom
import { defaultHandoffSettings, type HandoffSettings } from "@jai/contracts/inbox";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handoffMessages } from "./handoff-messages";
import { HandoffSettingsCard } from "./handoff-settings-card";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const en = handoffMessages.en;
const th = handoffMessages.th;
const fetchMock = vi.fn<typeof fetch>();

function Card() {
  return <HandoffSettingsCard botId="b1" settings={defaultHandoffSettings} />;
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/app/bots/b1", Component: Card },
    { path: "/th/app/bots/b1", Component: Card },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  toast.error.mockReset();
  toast.success.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("HandoffSettingsCard", () => {
  it("shows the built-in texts as placeholders and explains {time}, in Thai", async () => {
    renderAt("/th/app/bots/b1");
    expect(await screen.findByText(th.title)).toBeTruthy();
    const thai = screen.getAllByLabelText(th.thai)[0] as HTMLTextAreaElement;
    expect(thai.placeholder).toBe(th.builtIn("th", false));
    expect(screen.getByText(th.offHoursHelp("{time}"))).toBeTruthy();
    expect((screen.getByLabelText(th.afterUnanswered) as HTMLInputElement).value).toBe("3");
  });

  it("saves every setting with PUT, keywords split on commas and lines", async () => {
    const saved: HandoffSettings = {
      ...defaultHandoffSettings,
      afterUnanswered: 2,
      keywords: ["refund", "คืนเงิน"],
      message: { th: "รอสักครู่นะคะ", en: "" },
      reopenToBot: false,
      quickReply: false,
    };
    fetchMock.mockResolvedValue(json(saved));
    renderAt("/app/bots/b1");
    fireEvent.change(await screen.findByLabelText(en.afterUnanswered), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText(en.keywords), {
      target: { value: "refund, คืนเงิน\nRefund" },
    });
    expect(screen.getByText("2 / 30 keywords")).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText(en.thai)[0]!, { target: { value: " รอสักครู่นะคะ " } });
    fireEvent.click(screen.getByLabelText(new RegExp(en.reopenToPerson)));
    fireEvent.click(screen.getByLabelText(en.quickReply));
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(en.saved));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/console/bots/b1/handoff");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual(saved);
  });

  it("says what is wrong before sending, and shows the server's field errors in words", async () => {
    renderAt("/app/bots/b1");
    const after = await screen.findByLabelText(en.afterUnanswered);
    fireEvent.change(after, { target: { value: "11" } });
    fireEvent.change(screen.getByLabelText(en.keywords), { target: { value: "x".repeat(61) } });
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(after.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(en.keywordTooLong("x".repeat(61), 60))).toBeTruthy();

    fireEvent.change(after, { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText(en.keywords), { target: { value: "refund" } });
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: "VALIDATION_FAILED",
            message: "Check the fields.",
            fields: { "message.en": "tooLong" },
          },
        },
        400,
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    expect(await screen.findByText("This is too long.")).toBeTruthy();
    expect(toast.error).toHaveBeenLastCalledWith(en.fixErrors);
  });
});
