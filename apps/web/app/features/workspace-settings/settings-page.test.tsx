// @vitest-environment jsdom
import { defaultBusinessHours, type WorkspaceSettingsDto } from "@jai/contracts/inbox";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { workspaceSettingsMessages } from "./messages";
import { SettingsPage } from "./settings-page";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const settings: WorkspaceSettingsDto = {
  name: "Malee Shop",
  businessHours: defaultBusinessHours,
  alerts: { newConversation: false, waitingMinutes: 10, lineEnabled: false },
  lineStaffGroup: null,
};

function Page() {
  return <SettingsPage data={{ settings }} />;
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/app/settings", Component: Page },
    { path: "/th/app/settings", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  toast.error.mockReset();
  toast.success.mockReset();
  fetchMock.mockReset();
  // The canned replies load on their own; an empty list here.
  fetchMock.mockImplementation(async (input) =>
    String(input).includes("canned-replies") ? Response.json([]) : Response.json(settings),
  );
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saves = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT" && init.body !== undefined);

describe("SettingsPage", () => {
  it("refuses a day that closes before it opens, without asking the server", async () => {
    const m = workspaceSettingsMessages.th;
    renderAt("/th/app/settings");
    const monday = m.hours.days[1]!;
    fireEvent.change(screen.getByLabelText(m.hours.opensAt(monday)), {
      target: { value: "19:00" },
    });
    fireEvent.click(screen.getByRole("button", { name: m.common.save }));
    expect(await screen.findByText(m.issues.order)).toBeTruthy();
    expect(screen.getByTestId("hours-day-1").textContent).toContain(m.issues.order);
    expect(saves()).toHaveLength(0);
    expect(toast.error).toHaveBeenCalledWith(m.common.invalid);
  });

  it("saves the schedule of open days only, Monday first, and the alerts", async () => {
    const m = workspaceSettingsMessages.en;
    renderAt("/app/settings");
    fireEvent.click(screen.getByLabelText(m.hours.dayOpen(m.hours.days[5]!)));
    fireEvent.click(screen.getByLabelText(m.hours.dayOpen(m.hours.days[6]!)));
    fireEvent.change(screen.getByLabelText(m.hours.closesAt(m.hours.days[6]!)), {
      target: { value: "12:00" },
    });
    fireEvent.change(screen.getByLabelText(m.alerts.waitingMinutes), {
      target: { value: "25" },
    });
    fireEvent.click(screen.getByLabelText(m.alerts.line));
    fireEvent.click(screen.getByRole("button", { name: m.common.save }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const [url, init] = saves()[0]!;
    expect(url).toBe("/api/console/workspace");
    expect(JSON.parse(String(init!.body))).toEqual({
      name: "Malee Shop",
      businessHours: {
        enabled: false,
        timeZone: "Asia/Bangkok",
        days: [
          ...[1, 2, 3, 4].map((day) => ({ day, open: "09:00", close: "18:00" })),
          { day: 6, open: "09:00", close: "12:00" },
        ],
      },
      alerts: { newConversation: false, waitingMinutes: 25, lineEnabled: true },
    });
  });

  it("words the server's refusals next to their fields", async () => {
    const m = workspaceSettingsMessages.en;
    renderAt("/app/settings");
    fetchMock.mockImplementation(async (input) =>
      String(input).includes("canned-replies")
        ? Response.json([])
        : Response.json(
            {
              error: {
                code: "VALIDATION_FAILED",
                message: "Some fields are missing or invalid.",
                fields: { "businessHours.timeZone": "invalid" },
              },
            },
            { status: 422 },
          ),
    );
    fireEvent.click(screen.getByRole("button", { name: m.common.save }));
    expect(await screen.findByText(m.issues.timeZone)).toBeTruthy();
    expect(screen.getByLabelText(m.hours.timeZone).getAttribute("aria-invalid")).toBe("true");
  });
});
