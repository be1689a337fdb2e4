import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { allowedUrl, createMetaClient, failureOf } from "./client";
import type { MetaEndpoints } from "./types";

const token = "EAAtestPageAccessToken0123456789abcdef";

type Seen = { method: string; url: string; authorization?: string; body: string };
type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A tiny Graph API stand-in: each test says how it answers; every request is recorded. */
let server: Server;
let base = "";
let seen: Seen[] = [];
let handler: Handler = (_request, response) => respond(response, 404, {});

function respond(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

const graphError = (code: number, message: string, subcode?: number) => ({
  error: {
    message,
    type: "OAuthException",
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    fbtrace_id: "AbCdEf",
  },
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        body,
      });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  seen = [];
});

const endpoints = (overrides: Partial<MetaEndpoints> = {}): MetaEndpoints => ({
  graphBaseUrl: `${base}/`,
  apiVersion: "v21.0",
  attachmentHosts: ["127.0.0.1"],
  timeoutMs: 1_000,
  ...overrides,
});
const client = (overrides: Partial<MetaEndpoints> = {}) =>
  createMetaClient(token, endpoints(overrides));

describe("the Graph API client", () => {
  it("reads the Page with the token in the Authorization header only", async () => {
    handler = (_request, response) =>
      respond(response, 200, {
        id: "104000000000001",
        name: "Somtam Shop",
        picture: { data: { url: "https://scontent.xx.fbcdn.net/p.png", is_silhouette: false } },
      });
    const result = await client().page();
    expect(result).toEqual({
      ok: true,
      statusCode: 200,
      value: {
        id: "104000000000001",
        name: "Somtam Shop",
        pictureUrl: "https://scontent.xx.fbcdn.net/p.png",
      },
    });
    expect(seen).toEqual([
      {
        method: "GET",
        url: "/v21.0/me?fields=id%2Cname%2Cpicture",
        authorization: `Bearer ${token}`,
        body: "",
      },
    ]);
    expect(seen[0]!.url).not.toContain(token);
  });

  it("reads the Instagram account and profiles, and sends no request for an id that is not one", async () => {
    handler = (request, response) => {
      if (request.url?.startsWith("/v21.0/17841400000000001")) {
        return respond(response, 200, {
          id: "17841400000000001",
          username: "somtam.shop",
          profile_picture_url: "https://scontent.cdninstagram.com/p.jpg",
        });
      }
      if (request.url?.includes("first_name")) {
        return respond(response, 200, {
          first_name: "Somchai",
          last_name: "Jaidee",
          profile_pic: "https://p/1",
          id: "7100000000000001",
        });
      }
      return respond(response, 200, { username: "mali.cooks", id: "7200000000000001" });
    };
    expect(await client().instagramAccount("17841400000000001")).toMatchObject({
      ok: true,
      value: {
        id: "17841400000000001",
        username: "somtam.shop",
        name: null,
        pictureUrl: "https://scontent.cdninstagram.com/p.jpg",
      },
    });
    expect(await client().profile("messenger", "7100000000000001")).toMatchObject({
      ok: true,
      value: { name: "Somchai Jaidee", pictureUrl: "https://p/1" },
    });
    expect(await client().profile("instagram", "7200000000000001")).toMatchObject({
      ok: true,
      value: { name: "mali.cooks", pictureUrl: null },
    });
    expect(seen.map((s) => s.url)).toEqual([
      "/v21.0/17841400000000001?fields=id%2Cusername%2Cname%2Cprofile_picture_url",
      "/v21.0/7100000000000001?fields=first_name%2Clast_name%2Cprofile_pic",
      "/v21.0/7200000000000001?fields=name%2Cusername%2Cprofile_pic",
    ]);
    seen = [];
    for (const id of ["../me", "me", "1/messages", "", "7100000000000001?x=1"]) {
      expect(await client().profile("messenger", id)).toMatchObject({
        ok: false,
        retryable: false,
        reason: "other",
      });
      expect(await client().instagramAccount(id)).toMatchObject({ ok: false, retryable: false });
      expect(await client().send(id, { text: "hi" }, { messagingType: "RESPONSE" })).toMatchObject({
        ok: false,
      });
    }
    expect(seen).toEqual([]);
  });

  it("sends messages and sender actions as the Send API takes them", async () => {
    handler = (_request, response, body) => {
      const parsed = JSON.parse(body) as { sender_action?: string };
      respond(
        response,
        200,
        parsed.sender_action
          ? { recipient_id: "7100000000000001" }
          : { recipient_id: "7100000000000001", message_id: "m_sent1" },
      );
    };
    const graph = client();
    const message = {
      text: "ร้านเปิด 9 โมง",
      quick_replies: [{ content_type: "text" as const, title: "Menu", payload: "q:Menu" }],
    };
    expect(await graph.send("7100000000000001", message, { messagingType: "RESPONSE" })).toEqual({
      ok: true,
      statusCode: 200,
      value: { messageId: "m_sent1" },
    });
    expect(
      await graph.send(
        "7100000000000001",
        { text: "Your order left" },
        { messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT" },
      ),
    ).toMatchObject({ ok: true });
    expect(await graph.senderAction("7100000000000001", "typing_on")).toEqual({
      ok: true,
      statusCode: 200,
      value: null,
    });
    expect(seen.map((s) => [s.method, s.url, JSON.parse(s.body)])).toEqual([
      [
        "POST",
        "/v21.0/me/messages",
        { recipient: { id: "7100000000000001" }, messaging_type: "RESPONSE", message },
      ],
      [
        "POST",
        "/v21.0/me/messages",
        {
          recipient: { id: "7100000000000001" },
          messaging_type: "MESSAGE_TAG",
          tag: "HUMAN_AGENT",
          message: { text: "Your order left" },
        },
      ],
      [
        "POST",
        "/v21.0/me/messages",
        { recipient: { id: "7100000000000001" }, sender_action: "typing_on" },
      ],
    ]);
    expect(seen.every((s) => s.authorization === `Bearer ${token}`)).toBe(true);
  });

  it("maps Meta's refusals to what the caller acts on, with Meta's words and never the token", async () => {
    const cases: {
      status: number;
      body: unknown;
      headers?: Record<string, string>;
      expected: Record<string, unknown>;
    }[] = [
      {
        status: 400,
        body: graphError(190, "Invalid OAuth access token - Cannot parse access token"),
        expected: { reason: "auth", retryable: false, code: 190 },
      },
      {
        status: 400,
        body: graphError(190, "Error validating access token: Session has expired", 463),
        expected: { reason: "auth", retryable: false, code: 190, subcode: 463 },
      },
      {
        status: 400,
        body: graphError(10, "(#10) This message is sent outside of allowed window.", 2018278),
        expected: { reason: "window", retryable: false, subcode: 2018278 },
      },
      {
        status: 400,
        body: graphError(10, "(#10) The HUMAN_AGENT tag requires the permission", 2018336),
        expected: { reason: "permission", retryable: false },
      },
      {
        status: 403,
        body: graphError(200, "(#200) Requires pages_messaging permission"),
        expected: { reason: "permission", retryable: false },
      },
      {
        status: 400,
        body: graphError(551, "(#551) This person isn't available right now.", 1545041),
        expected: { reason: "user_unavailable", retryable: false },
      },
      {
        status: 400,
        body: graphError(100, "(#100) No matching user found", 2018001),
        expected: { reason: "user_unavailable", retryable: false },
      },
      {
        status: 429,
        body: graphError(4, "(#4) Application request limit reached"),
        headers: { "Retry-After": "7" },
        expected: { reason: "rate_limited", retryable: true, retryAfterSeconds: 7 },
      },
      {
        status: 400,
        body: graphError(613, "(#613) Calls to this api have exceeded the rate limit."),
        expected: { reason: "rate_limited", retryable: true },
      },
      {
        status: 400,
        body: graphError(80006, "(#80006) There have been too many messenger api calls"),
        expected: { reason: "rate_limited", retryable: true },
      },
      {
        status: 500,
        body: graphError(2, "An unexpected error has occurred. Please retry your request later."),
        expected: { reason: "other", retryable: true, code: 2 },
      },
      {
        status: 400,
        body: graphError(1200, "Temporary send message failure. Please try again later"),
        expected: { reason: "other", retryable: true },
      },
      {
        status: 400,
        body: graphError(1, "An unknown error occurred"),
        expected: { reason: "other", retryable: true },
      },
      {
        status: 400,
        body: graphError(100, "(#100) Length of param message[text] must be at most 2000"),
        expected: { reason: "other", retryable: false },
      },
      {
        status: 502,
        body: "<html>Bad Gateway</html>",
        expected: {
          reason: "other",
          retryable: true,
          error: "Meta answered 502: <html>Bad Gateway</html>",
        },
      },
      {
        status: 302,
        body: "",
        headers: { Location: "https://elsewhere.example/steal" },
        expected: {
          reason: "other",
          retryable: false,
          error: "Meta answered 302: a redirect (not followed)",
        },
      },
    ];
    for (const { status, body, headers, expected } of cases) {
      seen = [];
      handler = (_request, response) => respond(response, status, body, headers);
      const result = await client().send(
        "7100000000000001",
        { text: "hi" },
        { messagingType: "RESPONSE" },
      );
      expect(result, JSON.stringify(body)).toMatchObject({
        ok: false,
        statusCode: status,
        ...expected,
      });
      // A redirect is not followed: one request only.
      expect(seen).toHaveLength(1);
    }
    // Meta's own words are kept (cut at 300 characters); the token never appears.
    handler = (_request, response) =>
      respond(response, 400, graphError(100, `(#100) Bad token ${token} ${"x".repeat(500)}`));
    const long = await client().page();
    expect(long.ok).toBe(false);
    if (!long.ok) {
      expect(long.error.startsWith("Meta answered 400: (#100) Bad token [token] xxx")).toBe(true);
      expect(long.error.length).toBeLessThanOrEqual(300);
      expect(long.error).not.toContain(token);
    }
  });

  it("answers a success it cannot read, a timeout and an unreachable Meta as results", async () => {
    handler = (_request, response) => respond(response, 200, { surprise: true });
    expect(await client().page()).toMatchObject({ ok: false, retryable: false, statusCode: 200 });
    handler = (_request, response) => setTimeout(() => respond(response, 200, {}), 500);
    expect(await client({ timeoutMs: 50 }).page()).toMatchObject({
      ok: false,
      retryable: true,
      error: "Meta did not answer in time",
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await createMetaClient(token, {
      ...endpoints(),
      graphBaseUrl: `http://127.0.0.1:${port}`,
    }).page();
    expect(unreachable).toMatchObject({ ok: false, retryable: true, reason: "other" });
    expect(JSON.stringify(unreachable)).not.toContain(token);
  });

  it("classifies errors the same way without a response body", () => {
    expect(failureOf(401, null, "")).toMatchObject({ reason: "auth", retryable: false });
    expect(failureOf(429, "3", "")).toMatchObject({
      reason: "rate_limited",
      retryable: true,
      retryAfterSeconds: 3,
    });
    expect(failureOf(503, null, "")).toMatchObject({ reason: "other", retryable: true });
    expect(failureOf(404, null, "")).toMatchObject({ reason: "other", retryable: false });
  });
});

describe("attachment downloads", () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );

  it("downloads from an allowed host without the token, redirects on allowed hosts only", async () => {
    handler = (request, response) => {
      if (request.url === "/cdn/photo.png") {
        response.writeHead(200, { "Content-Type": "image/png; charset=binary" });
        return response.end(png);
      }
      if (request.url === "/cdn/moved") {
        response.writeHead(302, { Location: "/cdn/photo.png" });
        return response.end();
      }
      if (request.url === "/cdn/away") {
        response.writeHead(302, { Location: "https://attacker.example/x" });
        return response.end();
      }
      response.writeHead(404);
      response.end();
    };
    const graph = client();
    const result = await graph.download(`${base}/cdn/photo.png`, 1_000);
    expect(result).toMatchObject({ ok: true, value: { mimeType: "image/png" } });
    if (result.ok && "bytes" in result.value) {
      expect(Buffer.from(result.value.bytes).equals(png)).toBe(true);
    }
    expect(seen[0]!.authorization).toBeUndefined();
    expect(await graph.download(`${base}/cdn/moved`, 1_000)).toMatchObject({ ok: true });
    seen = [];
    expect(await graph.download(`${base}/cdn/away`, 1_000)).toMatchObject({
      ok: false,
      retryable: false,
      reason: "other",
    });
    expect(seen).toHaveLength(1);
    expect(await graph.download(`${base}/cdn/gone`, 1_000)).toMatchObject({
      ok: false,
      retryable: false,
      statusCode: 404,
    });
  });

  it("stops past the byte limit, by Content-Length or while reading", async () => {
    const big = Buffer.alloc(64 * 1024, 7);
    handler = (request, response) => {
      if (request.url === "/declared") {
        response.writeHead(200, {
          "Content-Type": "video/mp4",
          "Content-Length": String(big.length),
        });
        return response.end(big);
      }
      // Chunked, no length: the limit is found while reading.
      response.writeHead(200, { "Content-Type": "video/mp4" });
      response.write(big.subarray(0, 32 * 1024));
      setTimeout(() => response.end(big.subarray(32 * 1024)), 10);
    };
    expect(await client().download(`${base}/declared`, 1_000)).toEqual({
      ok: true,
      statusCode: 200,
      value: { tooLarge: true },
    });
    expect(await client().download(`${base}/streamed`, 40 * 1024)).toMatchObject({
      ok: true,
      value: { tooLarge: true },
    });
    const fits = await client().download(`${base}/streamed`, 64 * 1024);
    expect(fits.ok && "bytes" in fits.value && fits.value.bytes.byteLength).toBe(64 * 1024);
  });

  it("refuses, without a request, any URL off Meta's CDN", async () => {
    handler = (_request, response) => respond(response, 200, {});
    const graph = client();
    for (const url of [
      "https://attacker.example/x.png",
      `ftp://127.0.0.1/x`,
      "file:///etc/passwd",
      `http://user:pass@127.0.0.1:${new URL(base).port}/x`,
      "not a url",
      "",
    ]) {
      expect(await graph.download(url, 1_000), url).toEqual({
        ok: false,
        retryable: false,
        reason: "other",
        error: "attachment refused: not a URL of Meta's CDN",
      });
    }
    expect(seen).toEqual([]);
    const hosts = ["fbcdn.net", "fbsbx.com"];
    expect(allowedUrl("https://scontent.xx.fbcdn.net/v/photo.jpg?oh=1", hosts)).not.toBeNull();
    expect(allowedUrl("https://FBCDN.NET./v", hosts)).not.toBeNull();
    expect(
      allowedUrl("https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1", hosts),
    ).not.toBeNull();
    for (const url of [
      "https://evilfbcdn.net/x",
      "https://fbcdn.net.attacker.example/x",
      "https://attacker.example/fbcdn.net",
      "https://attacker.example/?u=https://fbcdn.net/",
      "javascript:alert(1)//fbcdn.net",
    ]) {
      expect(allowedUrl(url, hosts), url).toBeNull();
    }
  });
});
