import { describe, expect, it } from "vitest";
import { isPrivateAddress, vetWebhookTarget } from "./ssrf-guard";
import { signWebhook, verifyWebhookSignature } from "./webhook-signature";

describe("webhook signatures", () => {
  const secret = "whsec_test";
  const body = '{"id":"e1","type":"message.created"}';
  const now = Date.parse("2026-11-24T04:00:00Z");
  const t = Math.floor(now / 1000);

  it("signs t.body with HMAC-SHA256, and verifies within the tolerance only", () => {
    const header = signWebhook(secret, body, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, body, header, { now })).toBe(true);
    expect(verifyWebhookSignature(secret, `${body} `, header, { now })).toBe(false);
    expect(verifyWebhookSignature("whsec_other", body, header, { now })).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, { now: now + 301_000 })).toBe(false);
    expect(verifyWebhookSignature(secret, body, "t=1,v1=zz", { now })).toBe(false);
    expect(verifyWebhookSignature(secret, body, undefined, { now })).toBe(false);
  });
});

describe("the webhook SSRF guard", () => {
  it("knows private, loopback, link-local and reserved addresses in every form", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd12:3456::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "not an address",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "203.0.114.1", "2001:4860:4860::8888", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses http, private targets and names that resolve to one, unless allowed", async () => {
    const lookup = async (host: string) =>
      host === "rebind.example"
        ? [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.5", family: 4 },
          ]
        : [{ address: "93.184.216.34", family: 4 }];
    await expect(
      vetWebhookTarget("http://hooks.example/x", { allowPrivate: false, lookup }),
    ).rejects.toMatchObject({ problem: "notHttps" });
    await expect(
      vetWebhookTarget("https://127.0.0.1/x", { allowPrivate: false, lookup }),
    ).rejects.toMatchObject({ problem: "privateAddress" });
    await expect(
      vetWebhookTarget("https://[::ffff:169.254.169.254]/x", { allowPrivate: false, lookup }),
    ).rejects.toMatchObject({ problem: "privateAddress" });
    await expect(
      vetWebhookTarget("https://rebind.example/x", { allowPrivate: false, lookup }),
    ).rejects.toMatchObject({ problem: "privateAddress" });
    await expect(
      vetWebhookTarget("https://user:pw@hooks.example/x", { allowPrivate: false, lookup }),
    ).rejects.toMatchObject({ problem: "invalidUrl" });
    await expect(
      vetWebhookTarget("https://hooks.example/x", { allowPrivate: false, lookup }),
    ).resolves.toMatchObject({ address: "93.184.216.34" });
    await expect(
      vetWebhookTarget("http://127.0.0.1:9/x", { allowPrivate: true, lookup }),
    ).resolves.toMatchObject({ address: "127.0.0.1" });
  });
});
