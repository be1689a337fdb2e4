import { describe, expect, it } from "vitest";
import { forgetMeReply, isForgetMeRequest } from "./forget-me";

describe("isForgetMeRequest", () => {
  it.each([
    "ลบข้อมูลของฉัน",
    "ลบข้อมูลผมด้วย",
    "ลืมฉันซะ",
    "ลืมผมไปเลยครับ",
    "ลืมเรื่องของฉันทั้งหมดด้วยค่ะ",
    "ช่วยลบข้อมูลทั้งหมดของผมออกจากระบบด้วยครับ",
    "ขอลบข้อมูลส่วนตัวค่ะ",
    "ลบข้อมูลของฉันได้ไหมคะ",
    "ลบประวัติแชทของหนูด้วยค่ะ",
    "อย่าจำข้อมูลของฉัน",
    "ไม่ต้องเก็บข้อมูลผมนะ",
    "ขอถอนความยินยอมค่ะ",
    "forget me",
    "Forget me please",
    "please forget about me",
    "Forget everything you know about me.",
    "delete my data",
    "Delete my personal data please",
    "erase my information",
    "Please delete all my data.",
    "Can you delete my data?",
    "please delete my account and all my data",
    "remove everything you have about me",
    "wipe my chat history",
    "I want to be forgotten",
    "I'd like to exercise my right to be forgotten",
    "I withdraw my consent",
  ])("recognises %j", (text) => {
    expect(isForgetMeRequest(text)).toBe(true);
  });

  it.each([
    "how do I delete my account on your app?",
    "How can I delete my data in the app?",
    "How do I delete photos from my phone?",
    "how do I remove my photos from the website?",
    "ลบข้อมูลในแอปยังไง",
    "ช่วยลบข้อมูลในมือถือให้หน่อย",
    "ลบข้อมูลลูกค้ายังไงคะ",
    "don't forget me",
    "I don't want you to forget me",
    "อย่าลืมผมนะ",
    "ไม่ต้องลบข้อมูลนะ",
    "ลืมผมแล้วเหรอ",
    "ฉันลืมรหัสผ่าน",
    "I forgot my password",
    "delete my order",
    "clear my cart",
    "ลบออเดอร์ล่าสุดให้หน่อย",
    "What data do you keep about me?",
    "เก็บข้อมูลอะไรของฉันบ้าง",
    "remember me?",
    "",
    "hello",
  ])("does not take %j for one", (text) => {
    expect(isForgetMeRequest(text)).toBe(false);
  });
});

describe("forgetMeReply", () => {
  it("confirms in Thai with the persona's particle", () => {
    expect(forgetMeReply("th", "female")).toMatch(/^เรียบร้อยค่ะ ลบข้อมูลที่จำไว้.*โดยตรงค่ะ$/);
    expect(forgetMeReply("th", "male")).toMatch(/^เรียบร้อยครับ .*โดยตรงครับ$/);
    expect(forgetMeReply("th", "not_to_say")).not.toMatch(/\{p\}|ครับ|ค่ะ/);
  });

  it("confirms in English, and in English for a language without its own text", () => {
    expect(forgetMeReply("en", "male")).toMatch(/^Done: I've erased what I remembered about you/);
    expect(forgetMeReply("ja", "male")).toBe(forgetMeReply("en", "male"));
    expect(forgetMeReply("es", "female")).toMatch(/^Listo/);
  });
});
