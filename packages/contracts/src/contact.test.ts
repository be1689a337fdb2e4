import { describe, expect, it } from "vitest";
import {
  ContactMessageSchema,
  ContactReasons,
  classifyContactError,
  contactEmailPattern,
  contactLimits,
} from "./contact";

const valid = {
  name: "Somchai Jaidee",
  email: "somchai@example.co.th",
  company: "Jaidee Co., Ltd.",
  phone: "+66 (0)81-234-5678",
  reason: "sales",
  subject: "Pro plan for our shop",
  message: "สวัสดีครับ We would like a demo.",
  honeypot: "",
  language: "th",
} as const;

function parse(overrides: Record<string, unknown>) {
  return ContactMessageSchema.safeParse({ ...valid, ...overrides });
}

function summary(overrides: Record<string, unknown>) {
  const result = parse(overrides);
  if (result.success) throw new Error("expected the message to be rejected");
  return classifyContactError(result.error);
}

describe("ContactMessageSchema", () => {
  it("accepts a complete message", () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it("trims every text field", () => {
    const result = parse({
      name: "  Somchai  ",
      email: "\t somchai@example.com ",
      company: " Jaidee ",
      phone: " 081 234 5678 ",
      subject: "\n Hello \n",
      message: "  Hi there  ",
    });
    expect(result.data).toMatchObject({
      name: "Somchai",
      email: "somchai@example.com",
      company: "Jaidee",
      phone: "081 234 5678",
      subject: "Hello",
      message: "Hi there",
    });
  });

  it("makes company, phone and honeypot optional and defaults the language to English", () => {
    const { company: _c, phone: _p, honeypot: _h, language: _l, ...required } = valid;
    const result = ContactMessageSchema.safeParse(required);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ company: "", phone: "", language: "en" });
    expect(result.data?.honeypot).toBeUndefined();
  });

  it("keeps a filled honeypot for the server to judge", () => {
    expect(parse({ honeypot: "https://spam.example" }).data?.honeypot).toBe("https://spam.example");
  });

  it("accepts every reason and rejects others", () => {
    for (const reason of ContactReasons) expect(parse({ reason }).success).toBe(true);
    expect(summary({ reason: "spam" })).toEqual({ kind: "invalid", fields: { reason: "invalid" } });
  });

  it("accepts only English and Thai", () => {
    expect(parse({ language: "en" }).success).toBe(true);
    expect(summary({ language: "fr" }).fields).toEqual({ language: "invalid" });
  });

  it.each(["name", "email", "subject", "message"])("requires %s", (field) => {
    expect(summary({ [field]: "" })).toEqual({ kind: "missing", fields: { [field]: "missing" } });
    expect(summary({ [field]: "   " })).toEqual({
      kind: "missing",
      fields: { [field]: "missing" },
    });
    expect(summary({ [field]: undefined })).toEqual({
      kind: "missing",
      fields: { [field]: "missing" },
    });
  });

  it("requires a reason", () => {
    expect(summary({ reason: "" })).toEqual({ kind: "missing", fields: { reason: "missing" } });
    expect(summary({ reason: undefined })).toEqual({
      kind: "missing",
      fields: { reason: "missing" },
    });
  });

  it.each(
    Object.entries(contactLimits).filter(([field]) => field !== "email" && field !== "phone"),
  )("limits %s to %i characters", (field, limit) => {
    expect(parse({ [field]: "a".repeat(limit) }).success).toBe(true);
    expect(parse({ [field]: ` ${"a".repeat(limit)} ` }).success).toBe(true);
    expect(summary({ [field]: "a".repeat(limit + 1) })).toEqual({
      kind: "tooLong",
      fields: { [field]: "tooLong" },
    });
  });

  it("limits the email to 254 characters", () => {
    const label = "a".repeat(60);
    const atLimit = `user@${[label, label, label, "b".repeat(254 - 5 - 183 - 4)].join(".")}.com`;
    expect(atLimit).toHaveLength(254);
    expect(parse({ email: atLimit }).success).toBe(true);
    expect(summary({ email: `a${atLimit}` }).fields.email).toBe("tooLong");
  });

  it("limits the phone number to 30 characters", () => {
    expect(parse({ phone: "1".repeat(30) }).success).toBe(true);
    expect(summary({ phone: "1".repeat(31) }).fields).toEqual({ phone: "tooLong" });
  });

  it.each(["0812345678", "+66 81 234 5678", "(02) 123-4567", "+1 (555) 010-0100"])(
    "accepts the phone number %j",
    (phone) => {
      expect(parse({ phone }).success).toBe(true);
    },
  );

  it.each([
    "081.234.5678",
    "call me",
    "081234567 ext 2",
    "+66#81",
    "081/2345678",
    "--",
    "+()",
    "081\n2345678",
  ])("rejects the phone number %j", (phone) => {
    expect(summary({ phone })).toEqual({ kind: "invalidPhone", fields: { phone: "invalidPhone" } });
  });
});

describe("email addresses", () => {
  it.each([
    "a@b.co",
    "somchai@example.com",
    "first.last@example.co.th",
    "first+tag@sub.example.org",
    "o'neil@example.ie",
    "under_score-dash%percent@example.com",
    "UPPER@EXAMPLE.COM",
    "digits123@123example.com",
    "user@xn--72c1a1bt4awk9o.xn--o3cw4h",
    "user@my-shop.example.com",
  ])("accepts %j", (email) => {
    expect(parse({ email }).success).toBe(true);
  });

  it.each([
    ["no at sign", "somchai.example.com"],
    ["nothing before @", "@example.com"],
    ["nothing after @", "somchai@"],
    ["no dot in the domain", "somchai@localhost"],
    ["two @", "som@chai@example.com"],
    ["a list with a comma", "a@example.com,b@example.com"],
    ["a list with a semicolon", "a@example.com;b@example.com"],
    ["a comma in the local part", "a,b@example.com"],
    ["a space inside", "som chai@example.com"],
    ["a space in the domain", "somchai@exa mple.com"],
    ["a display name", "Somchai <somchai@example.com>"],
    ["angle brackets only", "<somchai@example.com>"],
    ["a quoted local part", '"somchai"@example.com'],
    ["a quoted local part with spaces", '"som chai"@example.com'],
    ["CR LF header injection", "a@example.com\r\nBcc: victim@example.com"],
    ["LF header injection", "a@example.com\nBcc: victim@example.com"],
    ["a trailing line feed", "a@example.com\n"],
    ["a lone carriage return", "a@exam\rple.com"],
    ["a leading dot", ".somchai@example.com"],
    ["a trailing dot in the local part", "somchai.@example.com"],
    ["two dots in a row", "som..chai@example.com"],
    ["two dots in the domain", "somchai@example..com"],
    ["a trailing dot in the domain", "somchai@example.com."],
    ["a domain label starting with a hyphen", "somchai@-example.com"],
    ["a domain label ending with a hyphen", "somchai@example-.com"],
    ["a one-letter TLD", "somchai@example.c"],
    ["a numeric TLD", "somchai@example.123"],
    ["an IP literal", "somchai@[192.168.0.1]"],
    ["a bare IP address", "somchai@192.168.0.1"],
    ["a comment", "somchai(comment)@example.com"],
    ["a backslash", "som\\chai@example.com"],
    ["a colon", "mailto:somchai@example.com"],
    ["non-ASCII letters", "สมชาย@example.com"],
    ["a tab", "som\tchai@example.com"],
    ["a local part over 64 characters", `${"a".repeat(65)}@example.com`],
    ["an underscore in the domain", "somchai@exa_mple.com"],
  ])("rejects %s", (_label, email) => {
    expect(summary({ email })).toEqual({
      kind: "invalidEmail",
      fields: { email: "invalidEmail" },
    });
  });

  it("exposes the pattern for other checks", () => {
    expect(contactEmailPattern.test("a@b.co")).toBe(true);
    expect(contactEmailPattern.test("a@b")).toBe(false);
  });
});

describe("classifyContactError", () => {
  it("reports missing fields before an invalid email", () => {
    expect(summary({ name: "", email: "not-an-email", message: "" })).toEqual({
      kind: "missing",
      fields: { name: "missing", email: "invalidEmail", message: "missing" },
    });
  });

  it("reports an invalid email before a too-long field", () => {
    expect(summary({ email: "a@b", subject: "x".repeat(201) })).toEqual({
      kind: "invalidEmail",
      fields: { email: "invalidEmail", subject: "tooLong" },
    });
  });

  it("reports an empty email as missing, not invalid", () => {
    expect(summary({ email: "  " })).toEqual({ kind: "missing", fields: { email: "missing" } });
  });

  it("treats a wrong type as missing for required fields", () => {
    expect(summary({ name: 42 }).fields).toEqual({ name: "missing" });
  });

  it("reports a body that is not an object", () => {
    const result = ContactMessageSchema.safeParse(null);
    expect(result.success).toBe(false);
    if (!result.success)
      expect(classifyContactError(result.error)).toEqual({ kind: "invalid", fields: {} });
  });
});
