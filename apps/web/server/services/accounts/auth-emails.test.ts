import { describe, expect, it } from "vitest";
import { authEmailKinds, buildAuthEmail } from "./auth-emails";

const link = "https://jai.example/th/verify-email?token=abc";

describe("account emails", () => {
  it("are written in the owner's language, with the link and how long it works", () => {
    const english = buildAuthEmail({
      kind: "verifyEmail",
      locale: "en",
      name: "Somchai",
      link,
      hours: 24,
    });
    expect(english.subject).toBe("Verify your email for Jai");
    expect(english.text).toContain("Hello Somchai,");
    expect(english.text).toContain(`\n${link}\n`);
    expect(english.text).toContain("24 hours");
    expect(english.text).toMatch(/The Jai team\n$/);

    const thai = buildAuthEmail({
      kind: "resetPassword",
      locale: "th",
      name: "สมชาย",
      link,
      hours: 1,
    });
    expect(thai.subject).toBe("ตั้งรหัสผ่าน Jai ใหม่");
    expect(thai.text).toContain("สวัสดีคุณ สมชาย");
    expect(thai.text).toContain("ทีมงาน Jai");
  });

  it("exist for every kind in both languages", () => {
    for (const kind of authEmailKinds) {
      for (const locale of ["en", "th"] as const) {
        const email = buildAuthEmail({ kind, locale, name: "A", link, hours: 24 });
        expect(email.subject.length).toBeGreaterThan(5);
        expect(email.text).toContain(link);
      }
    }
  });

  it("keep a name from breaking the text or the subject", () => {
    const email = buildAuthEmail({
      kind: "verifyEmail",
      locale: "en",
      name: "Eve\r\nBcc: victim@example.com\u202e",
      link,
      hours: 24,
    });
    expect(email.text).toContain("Hello Eve Bcc: victim@example.com,");
    expect(email.text.split("\n")[0]).toBe("Hello Eve Bcc: victim@example.com,");
  });
});
