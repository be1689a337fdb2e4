import { ContactMessageSchema } from "@jai/contracts";
import { describe, expect, it } from "vitest";
import { buildContactEmail, buildContactSubject } from "./build-contact-email";

const message = ContactMessageSchema.parse({
  name: "Somchai\u202e Jaidee",
  email: "somchai@example.co.th",
  company: "",
  phone: "",
  reason: "partnership",
  subject: "Let's\r\nBcc: x@y.com work together",
  message: "Hello,\n--frontier\nSubject: fake\n<b>bold</b>",
  language: "en",
});

describe("the contact email", () => {
  it("has a one-line subject with the reason", () => {
    expect(buildContactSubject(message)).toBe(
      "[Jai contact] Partnership: Let's Bcc: x@y.com work together",
    );
    expect(buildContactSubject({ reason: "sales", subject: "x".repeat(200) })).toHaveLength(
      "[Jai contact] Sales: ".length + 200,
    );
  });

  it("lists every field and quotes the message as plain text", () => {
    const email = buildContactEmail(message, {
      id: "7d6f1a84-5a6e-4f0f-9d0c-1c1f6b7a8e9f",
      receivedAt: new Date("2026-11-21T10:12:33.000Z"),
    });
    expect(email.replyTo).toBe("somchai@example.co.th");
    expect(email.text).toBe(
      [
        "New message from the Jai contact form.",
        "",
        "Name:      Somchai Jaidee",
        "Email:     somchai@example.co.th",
        "Company:   -",
        "Phone:     -",
        "Reason:    Partnership",
        "Language:  English (en)",
        "Subject:   Let's Bcc: x@y.com work together",
        "Received:  2026-11-21T10:12:33.000Z",
        "Reference: 7d6f1a84-5a6e-4f0f-9d0c-1c1f6b7a8e9f",
        "",
        "Message:",
        "",
        "> Hello,",
        "> --frontier",
        "> Subject: fake",
        "> <b>bold</b>",
        "",
        "Reply to this email to answer the visitor (somchai@example.co.th).",
        "",
      ].join("\n"),
    );
  });
});
