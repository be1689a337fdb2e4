import { type Db, emailOutbox, eq } from "@jai/db";

/** What `app.request` needs: the Hono app's request method. */
export type RequestingApp = {
  request(input: string, init?: RequestInit, env?: unknown): Response | Promise<Response>;
};

export type TestResponse = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the server answered
  body: any;
  setCookies: string[];
};

/**
 * A browser for integration tests: keeps the cookies the server sets (and drops expired ones),
 * sends them back with an Origin header like a browser's same-origin fetch, and comes from a
 * socket address of its choosing.
 */
export function createTestBrowser(
  app: RequestingApp,
  { origin = "http://localhost:3000", ip = "203.0.113.10", language = "en" } = {},
) {
  const jar = new Map<string, string>();
  let address = ip;

  async function send(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await app.request(
      `${origin}${path}`,
      {
        method,
        headers: {
          Origin: origin,
          "Accept-Language": language,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const isExpired =
        value === "" ||
        attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) ||
        attributes.some(
          (attribute) =>
            /^\s*expires=/i.test(attribute) &&
            new Date(attribute.split("=")[1]!).getTime() < Date.now(),
        );
      if (isExpired) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: parsed, setCookies };
  }

  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
    post: (path: string, body: unknown = {}, headers?: Record<string, string>) =>
      send("POST", path, body, headers),
    /** Another address from now on (same cookies). */
    moveTo(nextIp: string) {
      address = nextIp;
    },
    cookieNames: () => [...jar.keys()],
  };
}

export type TestBrowser = ReturnType<typeof createTestBrowser>;

/** The account emails queued for an address, oldest first. */
export async function listAuthEmails(db: Db, to: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to.toLowerCase()))
    .orderBy(emailOutbox.createdAt);
  return rows.filter((row) => row.kind === "auth");
}

/** The one link on PUBLIC_URL in an email's text. */
export function linkIn(text: string, publicUrl = "http://localhost:3000"): URL {
  const match = text.match(new RegExp(`${publicUrl.replace(/[.:/]/g, "\\$&")}\\S+`));
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}
