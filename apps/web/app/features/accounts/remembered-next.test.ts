// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { rememberNext, takeRememberedNext } from "./remembered-next";

describe("remembered next path", () => {
  beforeEach(() => localStorage.clear());

  it("gives back a same-site path once", () => {
    rememberNext("/th/persona-builder?save=1");
    expect(takeRememberedNext()).toBe("/th/persona-builder?save=1");
    expect(takeRememberedNext()).toBeUndefined();
  });

  it("never gives back another site or a stale path", () => {
    rememberNext("//evil.example/x");
    expect(takeRememberedNext()).toBeUndefined();
    rememberNext("/persona-builder?save=1");
    expect(takeRememberedNext(Date.now() + 25 * 60 * 60 * 1000)).toBeUndefined();
  });

  it("forgets the previous path when a sign-up has none", () => {
    rememberNext("/persona-builder?save=1");
    rememberNext(undefined);
    expect(takeRememberedNext()).toBeUndefined();
  });
});
