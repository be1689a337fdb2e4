import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "./api-request";

function answer(status: number, body?: unknown) {
  return vi.fn(async () =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  );
}

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON in the page's language and gives back the data", async () => {
    const fetch = answer(200, { id: "p1" });
    vi.stubGlobal("fetch", fetch);
    const result = await apiRequest("/api/x", { method: "POST", body: { a: 1 }, locale: "th" });
    expect(result).toEqual({ ok: true, data: { id: "p1" } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({
      "Accept-Language": "th",
      "Content-Type": "application/json",
    });
    expect(init.body).toBe('{"a":1}');
  });

  it("reads our error shape, and anything else as UNKNOWN", async () => {
    vi.stubGlobal(
      "fetch",
      answer(422, {
        error: { code: "VALIDATION_FAILED", message: "m", fields: { name: "missing" } },
      }),
    );
    expect(await apiRequest("/api/x", { locale: "en" })).toEqual({
      ok: false,
      status: 422,
      error: { code: "VALIDATION_FAILED", message: "m", fields: { name: "missing" } },
    });
    vi.stubGlobal("fetch", answer(502));
    expect(await apiRequest("/api/x", { locale: "en" })).toEqual({
      ok: false,
      status: 502,
      error: { code: "UNKNOWN", message: "", fields: undefined },
    });
  });

  it("never throws on a network failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    const result = await apiRequest("/api/x", { locale: "en" });
    expect(result).toEqual({ ok: false, status: 0, error: { code: "NETWORK", message: "" } });
  });

  it("sends FormData as multipart (no JSON content type)", async () => {
    const fetch = answer(204);
    vi.stubGlobal("fetch", fetch);
    const form = new FormData();
    form.set("file", new Blob(["x"]), "a.txt");
    expect(await apiRequest("/api/x", { method: "POST", body: form, locale: "en" })).toEqual({
      ok: true,
      data: null,
    });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty("Content-Type");
    expect(init.body).toBe(form);
  });
});
