import { createVerify, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Google OAuth token endpoint and Sheets API v4 (the two calls Jai makes) for tests and
 * benchmarks, with Google's documented behaviour rather than "accept anything":
 *
 * - `POST /token` (form: `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`, `assertion`)
 *   checks the JWT: RS256, signed by the key of a known service account (`iss`), `aud` this
 *   token URL, a `scope` with `https://www.googleapis.com/auth/spreadsheets`, `iat` not in the
 *   future, `exp` after now and at most an hour after `iat`; else 400 `invalid_grant` (as
 *   Google does). A good assertion gets `{ access_token, expires_in: 3600, token_type }`;
 * - `/v4/spreadsheets/{id}/values/{range}` (GET: values.get) and `…/{range}:append` (POST:
 *   values.append, `valueInputOption` RAW or USER_ENTERED required, `insertDataOption`) need
 *   `Authorization: Bearer <a token it issued>` (401 UNAUTHENTICATED); an unknown spreadsheet is
 *   404 NOT_FOUND; one not shared with the token's account, or shared read-only for an append,
 *   403 PERMISSION_DENIED; a tab that does not exist 400 INVALID_ARGUMENT "Unable to parse
 *   range"; errors in Google's JSON shape (`{ error: { code, message, status } }`);
 * - the quota: `quota.requests` Sheets requests per `quota.windowMs` per user (Google: 60 per
 *   minute per user per project) then 429 RESOURCE_EXHAUSTED until the window passes;
 * - `failNext(kind, …)`: the next calls of a kind fail with a status; `afterApply` makes an
 *   append go in and still answer 500 (what a timeout looks like to the caller).
 */
export type FakeGoogleSheets = {
  url: string;
  /** GOOGLE_OAUTH_TOKEN_URL */
  tokenUrl: string;
  /** A spreadsheet: its tabs (rows of cells) and who it is shared with. */
  addSpreadsheet(init: {
    id: string;
    tabs: Record<string, string[][]>;
    sharedWith?: Record<string, "reader" | "writer">;
  }): void;
  /** A tab's rows as stored. */
  rows(spreadsheetId: string, tab: string): string[][];
  setRows(spreadsheetId: string, tab: string, rows: string[][]): void;
  share(spreadsheetId: string, email: string, role: "reader" | "writer" | null): void;
  setQuota(quota: { requests: number; windowMs: number }): void;
  /** Forgets the requests counted so far (the window passed). */
  resetQuota(): void;
  failNext(
    kind: "get" | "append" | "token",
    failure: { status: number; times?: number; afterApply?: boolean },
  ): void;
  /** Every request: "POST /token", "GET <id> <range>", "APPEND <id> <range>", with its status. */
  calls: { call: string; status: number }[];
  close(): Promise<void>;
};

type Spreadsheet = { tabs: Map<string, string[][]>; sharedWith: Map<string, "reader" | "writer"> };

const sheetsScope = "https://www.googleapis.com/auth/spreadsheets";

export async function startFakeGoogleSheets(options: {
  /** Known service accounts: email → PEM public key. */
  accounts: Record<string, string>;
  port?: number;
  quota?: { requests: number; windowMs: number };
}): Promise<FakeGoogleSheets> {
  const spreadsheets = new Map<string, Spreadsheet>();
  const tokens = new Map<string, { email: string; expiresAt: number }>();
  let quota = options.quota ?? { requests: 60, windowMs: 60_000 };
  const used = new Map<string, number[]>();
  const failures: Record<string, { status: number; times: number; afterApply: boolean }[]> = {};
  const calls: FakeGoogleSheets["calls"] = [];
  let url = "";

  const takeFailure = (kind: string) => {
    const queue = failures[kind];
    const next = queue?.[0];
    if (!next) return null;
    next.times -= 1;
    if (next.times <= 0) queue.shift();
    return next;
  };

  function send(response: ServerResponse, status: number, body: unknown, call: string) {
    calls.push({ call, status });
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  }
  const googleError = (code: number, status: string, message: string) => ({
    error: { code, message, status },
  });

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function checkAssertion(assertion: string): string | null {
    const [header, claims, signature] = assertion.split(".");
    if (!header || !claims || !signature) return null;
    let parsedHeader: { alg?: unknown };
    let parsed: { iss?: unknown; aud?: unknown; scope?: unknown; iat?: unknown; exp?: unknown };
    try {
      parsedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
      parsed = JSON.parse(Buffer.from(claims, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    if (parsedHeader.alg !== "RS256" || typeof parsed.iss !== "string") return null;
    const publicKey = options.accounts[parsed.iss];
    if (!publicKey) return null;
    const isSigned = createVerify("RSA-SHA256")
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature, "base64url"));
    if (!isSigned) return null;
    const now = Math.floor(Date.now() / 1000);
    const { aud, scope, iat, exp } = parsed;
    if (aud !== `${url}/token`) return null;
    if (typeof scope !== "string" || !scope.split(" ").includes(sheetsScope)) return null;
    if (typeof iat !== "number" || typeof exp !== "number") return null;
    if (iat > now + 60 || exp <= now || exp - iat > 3600) return null;
    return parsed.iss;
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const failure = takeFailure("token");
    if (failure) {
      return send(response, failure.status, { error: "internal_failure" }, "POST /token");
    }
    const email =
      form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer"
        ? checkAssertion(form.get("assertion") ?? "")
        : null;
    if (!email) {
      return send(
        response,
        400,
        { error: "invalid_grant", error_description: "Invalid JWT Signature." },
        "POST /token",
      );
    }
    const accessToken = `ya29.fake-${randomBytes(24).toString("base64url")}`;
    tokens.set(accessToken, { email, expiresAt: Date.now() + 3_600_000 });
    send(
      response,
      200,
      { access_token: accessToken, expires_in: 3599, token_type: "Bearer" },
      "POST /token",
    );
  }

  /** "'My tab'!A1:C10" → the tab (null: the first) and the cells part. */
  function parseRange(range: string): { tab: string | null; cells: string } {
    const bang = range.lastIndexOf("!");
    if (bang < 0) {
      return /^[A-Z]+\d*(:[A-Z]+\d*)?$/.test(range)
        ? { tab: null, cells: range }
        : { tab: range, cells: "" };
    }
    let tab = range.slice(0, bang);
    if (tab.startsWith("'") && tab.endsWith("'")) tab = tab.slice(1, -1).replaceAll("''", "'");
    return { tab, cells: range.slice(bang + 1) };
  }

  const columnNumber = (letters: string) =>
    [...letters].reduce((total, letter) => total * 26 + letter.charCodeAt(0) - 64, 0);

  /** The cells part as 1-based bounds (open ends are Infinity). */
  function parseCells(cells: string) {
    if (!cells) return { fromRow: 1, toRow: Infinity, fromCol: 1, toCol: Infinity };
    const [start = "", end = start] = cells.split(":");
    const part = (text: string) => {
      const match = /^([A-Z]*)(\d*)$/.exec(text);
      return {
        col: match?.[1] ? columnNumber(match[1]) : null,
        row: match?.[2] ? Number(match[2]) : null,
      };
    };
    const a = part(start);
    const b = part(end);
    return {
      fromRow: a.row ?? 1,
      toRow: b.row ?? (a.row && start === end ? a.row : Infinity),
      fromCol: a.col ?? 1,
      toCol: b.col ?? (a.col && start === end ? a.col : Infinity),
    };
  }

  async function values(request: IncomingMessage, response: ServerResponse, path: string) {
    const match = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+)$/.exec(path);
    if (!match) return send(response, 404, googleError(404, "NOT_FOUND", "Not found"), path);
    const spreadsheetId = decodeURIComponent(match[1]!);
    let rangeText = match[2]!;
    const isAppend = request.method === "POST" && rangeText.endsWith(":append");
    if (isAppend) rangeText = rangeText.slice(0, -":append".length);
    const range = decodeURIComponent(rangeText);
    const call = `${isAppend ? "APPEND" : request.method} ${spreadsheetId} ${range}`;
    if (!isAppend && request.method !== "GET") {
      return send(response, 404, googleError(404, "NOT_FOUND", "Not found"), call);
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const holder = bearer ? tokens.get(bearer) : undefined;
    if (!holder || holder.expiresAt <= Date.now()) {
      return send(
        response,
        401,
        googleError(
          401,
          "UNAUTHENTICATED",
          "Request had invalid authentication credentials. Expected OAuth 2 access token.",
        ),
        call,
      );
    }
    const now = Date.now();
    const recent = (used.get(holder.email) ?? []).filter((at) => at > now - quota.windowMs);
    if (recent.length >= quota.requests) {
      used.set(holder.email, recent);
      return send(
        response,
        429,
        googleError(
          429,
          "RESOURCE_EXHAUSTED",
          `Quota exceeded for quota metric '${isAppend ? "Write" : "Read"} requests' and limit '${isAppend ? "Write" : "Read"} requests per minute per user' of service 'sheets.googleapis.com'.`,
        ),
        call,
      );
    }
    recent.push(now);
    used.set(holder.email, recent);

    const body = isAppend ? await readBody(request) : "";
    const failure = takeFailure(isAppend ? "append" : "get");
    if (failure && !failure.afterApply) {
      return send(
        response,
        failure.status,
        googleError(failure.status, "INTERNAL", "Internal error"),
        call,
      );
    }
    const spreadsheet = spreadsheets.get(spreadsheetId);
    if (!spreadsheet) {
      return send(
        response,
        404,
        googleError(404, "NOT_FOUND", "Requested entity was not found."),
        call,
      );
    }
    const role = spreadsheet.sharedWith.get(holder.email);
    if (!role || (isAppend && role !== "writer")) {
      return send(
        response,
        403,
        googleError(403, "PERMISSION_DENIED", "The caller does not have permission"),
        call,
      );
    }
    const { tab: tabName, cells } = parseRange(range);
    const tab = tabName === null ? [...spreadsheet.tabs.keys()][0] : tabName;
    const rows = tab === undefined ? undefined : spreadsheet.tabs.get(tab);
    if (!tab || !rows) {
      return send(
        response,
        400,
        googleError(400, "INVALID_ARGUMENT", `Unable to parse range: ${range}`),
        call,
      );
    }
    const requestUrl = new URL(request.url ?? "/", "http://fake");
    if (isAppend) {
      const option = requestUrl.searchParams.get("valueInputOption");
      if (option !== "RAW" && option !== "USER_ENTERED") {
        return send(
          response,
          400,
          googleError(
            400,
            "INVALID_ARGUMENT",
            "Invalid valueInputOption: INPUT_VALUE_OPTION_UNSPECIFIED",
          ),
          call,
        );
      }
      let parsed: { values?: unknown };
      try {
        parsed = JSON.parse(body) as { values?: unknown };
      } catch {
        return send(
          response,
          400,
          googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload."),
          call,
        );
      }
      const added = Array.isArray(parsed.values)
        ? parsed.values.map((row) =>
            Array.isArray(row) ? row.map((cell) => String(cell ?? "")) : [],
          )
        : [];
      // After the table: the last row with anything in it.
      let last = rows.length;
      while (last > 0 && !rows[last - 1]!.some((cell) => cell !== "")) last -= 1;
      rows.splice(last, rows.length - last, ...added);
      if (failure?.afterApply) {
        return send(
          response,
          failure.status,
          googleError(failure.status, "INTERNAL", "Internal error"),
          call,
        );
      }
      const width = Math.max(0, ...added.map((row) => row.length));
      return send(
        response,
        200,
        {
          spreadsheetId,
          tableRange: `'${tab}'!A1:${String.fromCharCode(64 + Math.max(1, width))}${last}`,
          updates: {
            spreadsheetId,
            updatedRange: `'${tab}'!A${last + 1}:${String.fromCharCode(64 + Math.max(1, width))}${last + added.length}`,
            updatedRows: added.length,
            updatedColumns: width,
            updatedCells: added.reduce((sum, row) => sum + row.length, 0),
          },
        },
        call,
      );
    }
    const bounds = parseCells(cells);
    const selected = rows
      .slice(bounds.fromRow - 1, Number.isFinite(bounds.toRow) ? bounds.toRow : undefined)
      .map((row) =>
        row.slice(bounds.fromCol - 1, Number.isFinite(bounds.toCol) ? bounds.toCol : undefined),
      )
      .map((row) => {
        const copy = [...row];
        while (copy.length > 0 && copy.at(-1) === "") copy.pop();
        return copy;
      });
    while (selected.length > 0 && selected.at(-1)!.length === 0) selected.pop();
    send(
      response,
      200,
      { range, majorDimension: "ROWS", ...(selected.length > 0 ? { values: selected } : {}) },
      call,
    );
  }

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    const handle = async () => {
      if (request.method === "GET" && path === "/health") {
        return send(response, 200, { status: "ok" }, "GET /health");
      }
      if (request.method === "POST" && path === "/token") return token(request, response);
      if (path.startsWith("/v4/spreadsheets/")) return values(request, response, path);
      send(response, 404, googleError(404, "NOT_FOUND", "Not found"), `${request.method} ${path}`);
    };
    handle().catch(() => {
      if (!response.headersSent)
        send(response, 500, googleError(500, "INTERNAL", "fake failed"), path);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenUrl: `${url}/token`,
    addSpreadsheet({ id, tabs, sharedWith = {} }) {
      spreadsheets.set(id, {
        tabs: new Map(
          Object.entries(tabs).map(([name, rows]) => [name, rows.map((row) => [...row])]),
        ),
        sharedWith: new Map(Object.entries(sharedWith)),
      });
    },
    rows(spreadsheetId, tab) {
      return (
        spreadsheets
          .get(spreadsheetId)
          ?.tabs.get(tab)
          ?.map((row) => [...row]) ?? []
      );
    },
    setRows(spreadsheetId, tab, rows) {
      spreadsheets.get(spreadsheetId)?.tabs.set(
        tab,
        rows.map((row) => [...row]),
      );
    },
    share(spreadsheetId, email, role) {
      const sharedWith = spreadsheets.get(spreadsheetId)?.sharedWith;
      if (!sharedWith) return;
      if (role) sharedWith.set(email, role);
      else sharedWith.delete(email);
    },
    setQuota(next) {
      quota = next;
    },
    resetQuota() {
      used.clear();
    },
    failNext(kind, { status, times = 1, afterApply = false }) {
      failures[kind] = [...(failures[kind] ?? []), { status, times, afterApply }];
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
