import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRetryAfter, sendRequest } from "./http";

/** A receiver that answers what the path asks for, recording what it got. */
let server: Server;
let baseUrl: string;
const received: { path: string; body: string; auth?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "", body, auth: request.headers.authorization });
      if (request.url === "/ok") response.writeHead(200).end("{}");
      else if (request.url === "/busy")
        response.writeHead(429, { "Retry-After": "7" }).end("slow down");
      else if (request.url === "/down") response.writeHead(503).end("maintenance");
      else if (request.url === "/bad") response.writeHead(400).end('{"message":"bad token"}');
      else if (request.url === "/moved")
        response.writeHead(302, { Location: "http://127.0.0.1:1/" }).end();
      else if (request.url === "/hang") {
        // Never answers: the client's timeout must end it.
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("sendRequest", () => {
  const http = () => ({ baseUrl, fetch, timeoutMs: 500 });

  it("delivers on 2xx, sending JSON with the given headers", async () => {
    const result = await sendRequest(http(), {
      path: "/ok",
      json: { to: "U1", text: "สวัสดี" },
      headers: { Authorization: "Bearer t" },
    });
    expect(result).toEqual({ ok: true, statusCode: 200 });
    expect(received.at(-1)).toEqual({
      path: "/ok",
      body: '{"to":"U1","text":"สวัสดี"}',
      auth: "Bearer t",
    });
  });

  it("retries 429 with the receiver's Retry-After, and 5xx", async () => {
    expect(await sendRequest(http(), { path: "busy", json: {} })).toMatchObject({
      ok: false,
      retryable: true,
      statusCode: 429,
      retryAfterSeconds: 7,
    });
    expect(await sendRequest(http(), { path: "down", json: {} })).toMatchObject({
      ok: false,
      retryable: true,
      statusCode: 503,
      error: "HTTP 503: maintenance",
    });
  });

  it("does not retry other 4xx, nor follow redirects", async () => {
    expect(await sendRequest(http(), { path: "bad", json: {} })).toMatchObject({
      ok: false,
      retryable: false,
      statusCode: 400,
    });
    expect(await sendRequest(http(), { path: "moved", json: {} })).toMatchObject({
      ok: false,
      retryable: false,
      statusCode: 302,
    });
  });

  it("times out a receiver that never answers, and reports a refused connection", async () => {
    expect(await sendRequest(http(), { path: "hang", json: {} })).toEqual({
      ok: false,
      retryable: true,
      error: "timed out",
    });
    const refused = await sendRequest({ baseUrl: "http://127.0.0.1:1", fetch }, { path: "x" });
    expect(refused).toMatchObject({ ok: false, retryable: true });
    expect(refused.ok === false && refused.error).toMatch(/^network error/);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-11-24T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Tue, 24 Nov 2026 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
