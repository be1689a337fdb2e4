import { describe, expect, it } from "vitest";
import { teamMembers } from "./team-members";

describe("team members", () => {
  it("has the CEO, CTO, consultant and COO, once each", () => {
    expect(teamMembers.map((member) => member.role)).toEqual(["ceo", "cto", "consultant", "coo"]);
    expect(new Set(teamMembers.map((member) => member.id)).size).toBe(teamMembers.length);
  });

  it("has every text in both languages, the Thai ones in Thai script", () => {
    for (const member of teamMembers) {
      for (const field of [member.name, member.initials, member.bio]) {
        expect(field.en.trim()).not.toBe("");
        expect(field.th.trim()).not.toBe("");
        expect(field.th).not.toMatch(/[A-Za-z]/);
      }
      expect(member.initials.en).toMatch(/^[A-Z]{2}$/);
    }
  });
});
