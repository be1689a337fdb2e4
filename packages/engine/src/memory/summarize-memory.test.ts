import { describe, expect, it } from "vitest";
import { memoryMaxChars } from "./memory-facts";
import { extractMemoryFacts } from "./summarize-memory";

const customer = (...messages: string[]) =>
  messages.map((content) => ({ role: "user" as const, content }));

describe("extractMemoryFacts", () => {
  it("keeps what a Thai customer says about themselves", () => {
    const memory = extractMemoryFacts(
      customer("สวัสดีครับ ผมชื่อสมชายครับ", "ขอสั่งกาแฟเย็น 2 แก้ว ไม่ใส่น้ำตาลนะครับ", "เบอร์ 081-234-5678 ครับ"),
      null,
    );
    expect(memory).toBe(
      [
        "- Name: สมชาย",
        "- Language: Thai",
        "- Phone: 081-234-5678",
        "- Preferences: ไม่ใส่น้ำตาล",
        "- Orders: ขอสั่งกาแฟเย็น 2 แก้ว",
      ].join("\n"),
    );
  });

  it("keeps what an English-speaking customer says about themselves", () => {
    const memory = extractMemoryFacts(
      customer(
        "Hi, I'm Anna. I'm allergic to peanuts.",
        "I'd like to order 2 lattes with oat milk please",
        "my email is anna@example.com",
      ),
      null,
    );
    expect(memory).toBe(
      [
        "- Name: Anna",
        "- Language: English",
        "- Email: anna@example.com",
        "- Allergies: peanuts",
        "- Orders: wants to order 2 lattes with oat milk",
      ].join("\n"),
    );
  });

  it.each([
    ["ผมชื่อสมชายครับ", "สมชาย"],
    ["ฉันชื่อมะลิค่ะ แพ้กุ้งค่ะ", "มะลิ"],
    ["ดิฉันชื่อ นางสาวสุดา ค่ะ", "สุดา"],
    ["ชื่อเล่นของหนูคือแพรวค่ะ", "แพรว"],
    ["ชื่อต้นครับ อยากสอบถามหน่อย", "ต้น"],
    ["เรียกผมว่าบอสก็ได้ครับ", "บอสก็ได้"],
    ["ผมชื่อชนะครับ", "ชนะ"],
    ["ผมชื่อ John ครับ", "John"],
    ["My name is Somchai Jaidee", "Somchai Jaidee"],
    ["my name's ben and I need help", "ben"],
    ["Call me Ben", "Ben"],
    ["Hello, I'm Sarah and I want to book a table", "Sarah"],
    ["I am David.", "David"],
  ])("finds the name in %j", (message, name) => {
    expect(extractMemoryFacts(customer(message), null)).toContain(`- Name: ${name}\n`);
  });

  it.each([
    "I'm looking for a gift",
    "I'm Thai",
    "I'm fine thanks",
    "I'm Interested in the Pro plan",
    "ชื่อร้านอะไรคะ",
    "ชื่ออะไรครับ",
    "คุณชื่ออะไร",
    "เขาชื่อสมศรี",
    "ชื่อเมนูนี้คืออะไร",
    "What's your name?",
  ])("finds no name in %j", (message) => {
    expect(extractMemoryFacts(customer(message), null)).not.toContain("Name:");
  });

  it.each([
    ["ชอบกาแฟเย็นหวานน้อยค่ะ", "ชอบกาแฟเย็นหวานน้อย"],
    ["ไม่ใส่น้ำตาลนะคะ", "ไม่ใส่น้ำตาล"],
    ["ไม่ชอบผักชีครับ", "ไม่ชอบผักชี"],
    ["ขอเผ็ดน้อย", "เผ็ดน้อย"],
    ["ผมกินเจครับ", "กินเจ"],
    ["I prefer oat milk", "oat milk"],
    ["I really like spicy food", "likes spicy food"],
    ["I don't eat pork", "doesn't eat pork"],
    ["I'm vegetarian", "vegetarian"],
    ["no sugar please", "no sugar"],
    ["Could I have it with less ice?", "less ice"],
  ])("keeps the preference in %j", (message, preference) => {
    expect(extractMemoryFacts(customer(message), null)).toContain(`- Preferences: ${preference}`);
  });

  it.each([
    "ลูกค้ารับผิดชอบค่าส่งไหม",
    "ชอบอะไรที่สุดในเมนู",
    "คุณชอบไหม",
    "I'd like a latte",
    "I would like to know the price",
    "I like it",
  ])("keeps no preference from %j", (message) => {
    expect(extractMemoryFacts(customer(message), null)).not.toContain("Preferences:");
  });

  it.each([
    ["แพ้กุ้งค่ะ", "กุ้ง"],
    ["ผมแพ้อาหารทะเลครับ", "อาหารทะเล"],
    ["I'm allergic to peanuts and shellfish.", "peanuts"],
    ["I have a gluten allergy", "gluten"],
    ["Does it contain nuts? I'm severely allergic to nuts", "nuts"],
  ])("keeps the allergy in %j", (message, allergy) => {
    expect(extractMemoryFacts(customer(message), null)).toContain(`- Allergies: ${allergy}`);
  });

  it.each(["แพ้อะไรบ้าง", "ลูกแพ้ถั่ว", "Is the cake safe for people allergic to nuts?"])(
    "keeps no allergy from %j",
    (message) => {
      expect(extractMemoryFacts(customer(message), null)).not.toContain("Allergies:");
    },
  );

  it.each([
    ["ผมสั่งเค้กช็อกโกแลตไปเมื่อวาน", "สั่งเค้กช็อกโกแลตไปเมื่อวาน"],
    ["จองโต๊ะ 4 ที่ วันศุกร์ค่ะ", "จองโต๊ะ 4 ที่ วันศุกร์"],
    ["อยากสั่งชาไทย 3 แก้วครับ", "อยากสั่งชาไทย 3 แก้ว"],
    ["I ordered a cake last week.", "ordered a cake last week"],
    ["I booked a room for two nights", "booked a room for two nights"],
    ["I'll take 2 croissants, thanks", "orders 2 croissants"],
    ["My order #A1234 hasn't arrived", "order #A1234"],
  ])("keeps the order or booking in %j", (message, order) => {
    expect(extractMemoryFacts(customer(message), null)).toContain(`- Orders: ${order}`);
  });

  it.each([
    "สั่งยังไงคะ",
    "สั่งออนไลน์ได้ไหม",
    "จองได้กี่โมง",
    "Can I order online?",
    "How do I book a table?",
    "ออเดอร์ของผมถึงไหนแล้ว",
    "I'll take it",
  ])("keeps no order from %j", (message) => {
    expect(extractMemoryFacts(customer(message), null)).not.toContain("Orders:");
  });

  it.each([
    ["โทร 0812345678 นะคะ", "081-234-5678"],
    ["เบอร์ 081 234 5678", "081-234-5678"],
    ["+66 81 234 5678", "081-234-5678"],
    ["ออฟฟิศ 02-123-4567", "02-123-4567"],
    ["call me on +44 20 7946 0958", "+44 20 7946 0958"],
  ])("keeps the phone number in %j", (message, phone) => {
    expect(extractMemoryFacts(customer(message), null)).toContain(`- Phone: ${phone}`);
  });

  it("never keeps ID or card numbers", () => {
    const memory = extractMemoryFacts(
      customer("my ID is 1-1037-02345-67-8 and card 4111 1111 1111 1111, account 123-4-56789-0"),
      null,
    );
    expect(memory).toBe("- Language: English");
  });

  it("keeps one phone and one email, the latest the customer gave", () => {
    const memory = extractMemoryFacts(
      customer(
        "my number is 081-111-1111, email old@example.com",
        "new number: 089-999-9999 and new@example.com",
      ),
      "- Phone: 086-000-0000",
    );
    expect(memory).toContain("- Phone: 089-999-9999");
    expect(memory).toContain("- Email: new@example.com");
    expect(memory).not.toMatch(/081-111-1111|086-000-0000|old@example/);
  });

  it("keeps no phone or email from a message that asks not to be remembered", () => {
    const memory = extractMemoryFacts(
      customer("081-234-5678 but please don't save my number", "อีเมล a@b.co อย่าเก็บไว้นะ"),
      null,
    );
    expect(memory).not.toMatch(/Phone|Email/);
  });

  it("never reads what the bot said", () => {
    const memory = extractMemoryFacts(
      [
        { role: "assistant", content: "Hi, I'm Mali! My name is Mali. Call 02-999-9999" },
        { role: "assistant", content: "ผมชื่อบอทครับ แพ้กุ้ง สั่งกาแฟ" },
        { role: "user", content: "ok" },
      ],
      null,
    );
    expect(memory).toBe("- Language: English");
  });

  it("is null when the customer said nothing and nothing was remembered", () => {
    expect(extractMemoryFacts([], null)).toBeNull();
    expect(extractMemoryFacts([{ role: "assistant", content: "Hello!" }], null)).toBeNull();
    expect(extractMemoryFacts(customer("👍"), null)).toBeNull();
  });

  it("merges with the previous memory: newer facts of a kind replace older ones, notes stay", () => {
    const previous = [
      "- Name: Somchai",
      "- Language: Thai",
      "- Preferences: ไม่ใส่น้ำตาล",
      "- Orders: สั่งกาแฟ",
      "- VIP customer, pays by transfer",
    ].join("\n");
    const memory = extractMemoryFacts(
      customer("My name is Ann and I prefer green tea. I ordered 3 donuts"),
      previous,
    );
    expect(memory).toBe(
      [
        "- Name: Ann",
        "- Language: English",
        "- Preferences: green tea; ไม่ใส่น้ำตาล",
        "- Orders: ordered 3 donuts; สั่งกาแฟ",
        "- VIP customer, pays by transfer",
      ].join("\n"),
    );
  });

  it("keeps the previous memory as it is when nothing new was said", () => {
    expect(extractMemoryFacts(customer("👍"), "- Name: Somchai")).toBe("- Name: Somchai");
  });

  it("stays within 600 characters, dropping the oldest orders first", () => {
    const orders = Array.from(
      { length: 12 },
      (_, index) => `I ordered ${index + 1} boxes of the extra large mango sticky rice set`,
    );
    const memory = extractMemoryFacts(
      customer(...orders, "My name is Ann"),
      `- Name: Old\n${"- Note ".repeat(100)}`,
    );
    expect(memory!.length).toBeLessThanOrEqual(memoryMaxChars);
    expect(memory).toContain("- Name: Ann");
    expect(memory).toContain("ordered 12 boxes");
    expect(memory).not.toContain("ordered 1 boxes");
  });
});
