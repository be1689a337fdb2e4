import { describe, expect, it } from "vitest";
import { thaiToneFold, transliterationKey } from "./transliteration";

describe("transliterationKey", () => {
  it.each([
    ["โปรโมชั่น", "promotion"],
    ["โปรโมชัน", "promotion"],
    ["ออนไลน์", "online"],
    ["คอมเมนต์", "comment"],
    ["คอมเม้นท์", "comment"],
    ["เดลิเวอรี่", "delivery"],
    ["ช็อปปิ้ง", "shopping"],
    ["อเมริกาโน่", "americano"],
    ["คอร์ส", "course"],
    ["เฟซบุ๊ก", "facebook"],
    ["เฟสบุ๊ค", "facebook"],
    ["แอปพลิเคชัน", "application"],
    ["อินเทอร์เน็ต", "internet"],
    ["เครดิต", "credit"],
    ["สเปรย์", "spray"],
    ["โบท็อกซ์", "botox"],
    ["เลเซอร์", "laser"],
    ["ฟิลเลอร์", "filler"],
    ["คาราเมล", "caramel"],
    ["ช็อกโกแลต", "chocolate"],
    ["สมูทตี้", "smoothie"],
  ])("%s sounds like %s", (thai, english) => {
    const key = transliterationKey(thai);
    expect(key).toBeDefined();
    expect(transliterationKey(english)).toBe(key);
  });

  it("gives no key to short skeletons, which would match too much", () => {
    expect(transliterationKey("ราคา")).toBeUndefined();
    expect(transliterationKey("rock")).toBeUndefined();
    expect(transliterationKey("เมนู")).toBeUndefined();
  });

  it("does not join unrelated words", () => {
    expect(transliterationKey("กาแฟเย็น")).not.toBe(transliterationKey("promotion"));
    expect(transliterationKey("delivery")).not.toBe(transliterationKey("online"));
  });
});

describe("thaiToneFold", () => {
  it("drops tone marks so spellings with and without them meet", () => {
    expect(thaiToneFold("ลาเต้")).toBe(thaiToneFold("ลาเต"));
    expect(thaiToneFold("โปรโมชั่น")).toBe(thaiToneFold("โปรโมชัน"));
    expect(thaiToneFold("latte")).toBeUndefined();
  });
});
