// @vitest-environment jsdom
import type { SheetSyncDto, SheetsSettingsDto } from "@jai/contracts/analytics";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DataPage } from "./data-page";
import { dataMessages } from "./messages";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const email = "jai-sheets@shop.iam.gserviceaccount.com";
const bots = [{ id: "b1", name: "ร้านส้มตำ" }];

function syncFixture(patch: Partial<SheetSyncDto> = {}): SheetSyncDto {
  return {
    id: "s1",
    botId: "b1",
    kind: "faqs",
    spreadsheetId: "1FaqSheet0000000000",
    sheetName: "ชีต1",
    enabled: true,
    lastRunAt: "2026-01-15T08:00:00.000Z",
    lastError: "Jai may not open this spreadsheet",
    lastErrorCode: "forbidden",
    lastErrorRows: [],
    nextRunAt: "2026-01-15T09:00:00.000Z",
    ...patch,
  };
}

let settings: SheetsSettingsDto;
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

function respond(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const path = `${init?.method ?? "GET"} ${url.pathname}`;
  if (path === "GET /api/console/data/sheets") return Promise.resolve(json(settings));
  if (path === "POST /api/console/data/sheets") {
    const body = JSON.parse(String(init?.body));
    if (!String(body.spreadsheet).includes("spreadsheets/d/")) {
      return Promise.resolve(
        json(
          { error: { code: "VALIDATION_FAILED", message: "", fields: { spreadsheet: "invalid" } } },
          422,
        ),
      );
    }
    const created = syncFixture({
      id: "s2",
      kind: body.kind,
      lastRunAt: null,
      lastErrorCode: null,
    });
    settings = { ...settings, syncs: [...settings.syncs, created] };
    return Promise.resolve(json(created, 201));
  }
  if (path === "POST /api/console/data/sheets/s2/sync") {
    settings = {
      ...settings,
      syncs: settings.syncs.map((sync) =>
        sync.id === "s2"
          ? { ...sync, lastRunAt: "2026-01-15T08:05:00.000Z", lastError: null, lastErrorCode: null }
          : sync,
      ),
    };
    return Promise.resolve(json(settings.syncs.at(-1)));
  }
  if (path === "DELETE /api/console/data/sheets/s1") {
    settings = { ...settings, syncs: settings.syncs.filter((sync) => sync.id !== "s1") };
    return Promise.resolve(json(null, 204));
  }
  return Promise.resolve(json({ error: { code: "NOT_FOUND", message: "" } }, 404));
}

function Page() {
  return <DataPage data={{ bots, canExport: true }} />;
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/app/data", Component: Page },
    { path: "/th/app/data", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

beforeEach(() => {
  settings = {
    serviceAccountEmail: email,
    syncs: [syncFixture(), syncFixture({ id: "s3", kind: "leads", lastErrorCode: "invalid_rows" })],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(respond);
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Google Sheets section", () => {
  it("shows the service account, each link's problem in Thai words, and links a sheet", async () => {
    const th = dataMessages.th.sheets;
    renderAt("/th/app/data");
    const section = await screen.findByTestId("data-sheets");
    await within(section).findByTestId("service-account");
    expect(within(section).getByTestId("service-account").textContent).toBe(email);
    const problems = within(section)
      .getAllByTestId("sync-error")
      .map((node) => node.textContent);
    expect(problems[0]).toBe(th.errors.forbidden(email));
    expect(problems[1]).toBe(th.errors.invalid_rows(""));

    const form = within(section).getByRole("form", { name: th.form });
    fireEvent.change(within(form).getByLabelText(th.spreadsheet), {
      target: { value: "not a sheet at all" },
    });
    fireEvent.change(within(form).getByLabelText(th.sheetName), { target: { value: "ชีต1" } });
    fireEvent.click(within(form).getByRole("button", { name: th.save }));
    expect(await within(form).findByText(th.spreadsheetInvalid)).toBeTruthy();

    fireEvent.click(within(form).getByLabelText(th.kinds.conversations));
    fireEvent.change(within(form).getByLabelText(th.spreadsheet), {
      target: { value: "https://docs.google.com/spreadsheets/d/1LogSheet0000000000/edit" },
    });
    fireEvent.click(within(form).getByRole("button", { name: th.save }));
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(3));
    const posted = fetchMock.mock.calls
      .filter(
        ([input, init]) => String(input) === "/api/console/data/sheets" && init?.method === "POST",
      )
      .at(-1);
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      kind: "conversations",
      sheetName: "ชีต1",
    });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input]) => String(input) === "/api/console/data/sheets/s2/sync",
        ),
      ).toBe(true),
    );
  });

  it("removes a link after asking, in English", async () => {
    const en = dataMessages.en.sheets;
    renderAt("/app/data");
    const section = await screen.findByTestId("data-sheets");
    await within(section).findByTestId("sheet-syncs");
    fireEvent.click(within(section).getAllByRole("button", { name: en.remove })[0]!);
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(en.removeTitle)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: en.remove }));
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(1));
  });

  it("says when the server has no Google Sheets settings", async () => {
    settings = { serviceAccountEmail: null, syncs: [] };
    renderAt("/app/data");
    expect((await screen.findByTestId("sheets-not-configured")).textContent).toBe(
      dataMessages.en.sheets.notConfigured,
    );
    expect(screen.queryByRole("form", { name: dataMessages.en.sheets.form })).toBeNull();
  });
});
