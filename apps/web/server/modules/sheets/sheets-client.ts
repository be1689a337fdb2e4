import { type AccessTokens, createAccessTokens } from "./google-auth";
import { SheetsError } from "./sheets-error";

export type SheetsClientOptions = {
  serviceAccountEmail: string;
  privateKey: string;
  /** GOOGLE_SHEETS_API_BASE_URL: `https://sheets.googleapis.com` (tests: a local fake). */
  apiBaseUrl: string;
  /** GOOGLE_OAUTH_TOKEN_URL: `https://oauth2.googleapis.com/token`. */
  tokenUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type SheetsClient = {
  /** `spreadsheets.values.get`: the cells of a range as text (formatted values), by rows. */
  getValues(spreadsheetId: string, range: string): Promise<string[][]>;
  /**
   * `spreadsheets.values.append`: rows added after the last row of the table in `range`,
   * stored as given (`valueInputOption=RAW`: a text starting with `=` stays text, never a
   * formula), in new rows (`insertDataOption=INSERT_ROWS`).
   */
  appendValues(
    spreadsheetId: string,
    range: string,
    rows: readonly (readonly (string | number)[])[],
  ): Promise<void>;
};

/** `'My tab'!A1:C10`: a tab's name quoted (quotes in it doubled), then the cells. */
export function sheetRange(sheetName: string, cells: string): string {
  return `'${sheetName.replaceAll("'", "''")}'!${cells}`;
}

/**
 * Google Sheets API v4 for the service account (values.get and values.append, the two calls Jai
 * makes), with a Bearer token from `google-auth.ts`. Failures become SheetsError by what can be
 * done about them; a token the API refuses (401) is forgotten so the next call gets a new one.
 */
export function createSheetsClient(options: SheetsClientOptions): SheetsClient {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens: AccessTokens = createAccessTokens(
    {
      email: options.serviceAccountEmail,
      privateKey: options.privateKey,
      tokenUrl: options.tokenUrl,
    },
    { fetch: fetchImpl, timeoutMs },
  );
  const base = options.apiBaseUrl.replace(/\/+$/, "");

  async function call(path: string, init: { method: "GET" | "POST"; body?: unknown }) {
    const token = await tokens.get();
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SheetsError("unavailable", { cause: error });
    }
    if (response.ok) return (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const payload = (await response.json().catch(() => null)) as {
      error?: { message?: unknown; status?: unknown };
    } | null;
    const message = typeof payload?.error?.message === "string" ? payload.error.message : "";
    if (response.status === 429) throw SheetsError.fromRetryable(response, "rate_limited");
    if (response.status >= 500) throw SheetsError.fromRetryable(response, "unavailable");
    if (response.status === 401) {
      tokens.forget();
      throw new SheetsError("auth");
    }
    if (response.status === 403) throw new SheetsError("forbidden");
    if (response.status === 404) throw new SheetsError("not_found");
    if (response.status === 400 && /range/i.test(message)) throw new SheetsError("tab_not_found");
    throw new SheetsError("unavailable");
  }

  const valuesPath = (spreadsheetId: string, range: string) =>
    `/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(range)}`;

  return {
    async getValues(spreadsheetId, range) {
      const payload = await call(
        `${valuesPath(spreadsheetId, range)}?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
        { method: "GET" },
      );
      const values = Array.isArray(payload.values) ? payload.values : [];
      return values.map((row) =>
        Array.isArray(row) ? row.map((cell) => (cell === null ? "" : String(cell))) : [],
      );
    },
    async appendValues(spreadsheetId, range, rows) {
      await call(
        `${valuesPath(spreadsheetId, range)}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
        { method: "POST", body: { range, majorDimension: "ROWS", values: rows } },
      );
    },
  };
}
