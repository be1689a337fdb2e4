import { describe, expect, it } from "vitest";
import { isHandoffRequest, matchesHandoffKeyword } from "./handoff-request";

describe("isHandoffRequest", () => {
  it.each([
    "ขอคุยกับพนักงาน",
    "ขอคุยกับพนักงานหน่อยค่ะ",
    "อยากคุยกับแอดมินครับ",
    "ขอคุยกับคนจริงๆ ได้ไหม",
    "ติดต่อเจ้าหน้าที่",
    "ขอสายพนักงานด้วยค่ะ",
    "แอดมินอยู่ไหมคะ",
    "มีคนตอบไหม",
    "ขอแอดมินหน่อย",
    "ไม่อยากคุยกับบอท",
    "คุยกับพนักงาน",
    "talk to a human",
    "Can I speak with someone from your team?",
    "I want to talk to a real person",
    "human please",
    "Agent",
    "connect me to customer service",
    "I need a human",
    "is there a real person there?",
    "let me talk to the owner",
  ])("asks for a person: %s", (text) => {
    expect(isHandoffRequest(text)).toBe(true);
  });

  it.each([
    "ไม่ต้องคุยกับพนักงาน",
    "พนักงานกี่คน",
    "ราคาเท่าไหร่",
    "สวัสดีค่ะ",
    "ร้านเปิดกี่โมง",
    "I don't need a human",
    "how many staff do you have?",
    "hello",
    "what are your opening hours",
    "do your staff speak English?",
    "no need to talk to a person",
    "สอบถามร้านเปิดกี่โมง",
    "ถามคนในร้านแล้ว",
  ])("does not: %s", (text) => {
    expect(isHandoffRequest(text)).toBe(false);
  });
});

describe("matchesHandoffKeyword", () => {
  it("matches Latin keywords as whole words, Thai ones anywhere", () => {
    expect(matchesHandoffKeyword("I want a REFUND now", ["refund"])).toBe("refund");
    expect(matchesHandoffKeyword("refunding", ["refund"])).toBeNull();
    expect(matchesHandoffKeyword("ขอคืนเงินค่ะ", ["คืนเงิน"])).toBe("คืนเงิน");
    expect(matchesHandoffKeyword("สินค้าเสีย หาย", ["เสียหาย"])).toBe("เสียหาย");
    expect(matchesHandoffKeyword("anything", [" ", ""])).toBeNull();
  });
});
