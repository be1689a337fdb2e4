import { personaRoles } from "@jai/contracts/persona";
import { describe, expect, it } from "vitest";
import { isSuggestedRole, personaRoleNames, personaRoleText } from "./persona-labels";

describe("persona role names", () => {
  it("names every suggested role in both languages", () => {
    expect(Object.keys(personaRoleNames.en).sort()).toEqual([...personaRoles].sort());
    expect(Object.keys(personaRoleNames.th).sort()).toEqual([...personaRoles].sort());
  });

  it("translates a suggested role and keeps an owner's own words", () => {
    expect(personaRoleText(" Teacher ", "th")).toBe("ครู");
    expect(personaRoleText("Teacher", "en")).toBe("Teacher");
    expect(personaRoleText("ผู้ช่วยจองคิว", "en")).toBe("ผู้ช่วยจองคิว");
    expect(isSuggestedRole("Coach")).toBe(true);
    expect(isSuggestedRole("constructor")).toBe(false);
  });
});
