import { describe, expect, it } from "vitest";
import { apiExternalId } from "../api/index";
import { identityExternalId, signIdentity, verifyIdentity } from "./index";

describe("widget identity", () => {
  const secret = "wid_secret_for_tests";

  it("accepts the signature the site's server computed, in either case", () => {
    const signature = signIdentity(secret, "customer-42");
    // HMAC-SHA256("wid_secret_for_tests", "customer-42"), as a site would compute it.
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyIdentity(secret, { id: "customer-42", signature })).toBe(true);
    expect(verifyIdentity(secret, { id: "customer-42", signature: signature.toUpperCase() })).toBe(
      true,
    );
  });

  it("refuses another id, another secret, and malformed signatures", () => {
    const signature = signIdentity(secret, "customer-42");
    expect(verifyIdentity(secret, { id: "customer-43", signature })).toBe(false);
    expect(verifyIdentity("other", { id: "customer-42", signature })).toBe(false);
    expect(verifyIdentity(secret, { id: "customer-42", signature: "abc" })).toBe(false);
    expect(verifyIdentity(secret, { id: "", signature })).toBe(false);
    expect(verifyIdentity(secret, { id: "x".repeat(201), signature })).toBe(false);
  });

  it("names contacts by the site's id, or by API key", () => {
    expect(identityExternalId("customer-42")).toBe("user:customer-42");
    expect(apiExternalId("key-1", "customer-42")).toBe("user:customer-42");
    expect(apiExternalId("key-1")).toBe("key:key-1");
  });
});
