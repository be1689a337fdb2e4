import type { SheetSyncDto } from "@jai/contracts/analytics";
import { describe, expect, it } from "vitest";
import { type ExportChoice, exportHref, exportRangeIssue } from "./export-section";
import { dataMessages } from "./messages";
import { syncErrorText } from "./sheets-section";

const choice: ExportChoice = {
  kind: "messages",
  format: "csv",
  period: "7d",
  from: "",
  to: "",
  botId: "",
  channel: "",
};

describe("the export form", () => {
  it("links to the export API with the filters and the page's language", () => {
    expect(exportHref(choice, "th")).toBe(
      "/api/console/data/export/messages?format=csv&period=7d&lang=th",
    );
    expect(
      exportHref(
        {
          ...choice,
          format: "xlsx",
          period: "custom",
          from: "2026-01-01",
          to: "2026-01-31",
          botId: "b1",
          channel: "line",
        },
        "en",
      ),
    ).toBe(
      "/api/console/data/export/messages?format=xlsx&period=custom&from=2026-01-01&to=2026-01-31&botId=b1&channel=line&lang=en",
    );
  });

  it("says what a custom period lacks", () => {
    expect(exportRangeIssue(choice)).toBeNull();
    expect(exportRangeIssue({ ...choice, period: "custom", from: "2026-01-01" })).toBe("missing");
    expect(
      exportRangeIssue({ ...choice, period: "custom", from: "2026-02-01", to: "2026-01-01" }),
    ).toBe("order");
    expect(
      exportRangeIssue({ ...choice, period: "custom", from: "2025-01-01", to: "2026-01-02" }),
    ).toBe("tooLong");
    expect(
      exportRangeIssue({ ...choice, period: "custom", from: "2025-01-02", to: "2026-01-02" }),
    ).toBeNull();
  });
});

describe("a link's last problem in words", () => {
  const sync: SheetSyncDto = {
    id: "s1",
    botId: "b1",
    kind: "faqs",
    spreadsheetId: "1abc",
    sheetName: "ชีต1",
    enabled: true,
    lastRunAt: "2026-01-01T00:00:00.000Z",
    lastError: "…",
    lastErrorCode: "forbidden",
    lastErrorRows: [],
    nextRunAt: "2026-01-01T01:00:00.000Z",
  };
  const time = () => "08:00";

  it("names the service account, the tab, the rows and when Jai tries again", () => {
    const th = dataMessages.th.sheets;
    expect(syncErrorText(sync, th, "jai@x.iam.gserviceaccount.com", time)).toBe(
      th.errors.forbidden("jai@x.iam.gserviceaccount.com"),
    );
    expect(syncErrorText({ ...sync, lastErrorCode: "tab_not_found" }, th, null, time)).toContain(
      "ชีต1",
    );
    expect(
      syncErrorText(
        { ...sync, lastErrorCode: "invalid_rows", lastErrorRows: [3, 7] },
        th,
        null,
        time,
      ),
    ).toContain("แถว 3, 7");
    expect(syncErrorText({ ...sync, lastErrorCode: "rate_limited" }, th, null, time)).toContain(
      "08:00",
    );
    expect(
      syncErrorText({ ...sync, lastErrorCode: null, lastError: null }, th, null, time),
    ).toBeNull();
  });
});
