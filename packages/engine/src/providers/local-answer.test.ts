import { describe, expect, it } from "vitest";
import { classifySmallTalk, describeRow, focusPassage, splitSentences } from "./local-answer";

describe("describeRow", () => {
  const row = "item: Latte (ลาเต้เย็น); size: 16 oz; price_thb: 65; notes: oat milk +15";

  it("reads a spreadsheet row as a sentence in the reply's language", () => {
    expect(describeRow(row, "en")).toBe("Latte: size 16 oz, price 65 baht, notes oat milk +15.");
    expect(describeRow(row, "th")).toBe("ลาเต้เย็น: ขนาด 16 oz, ราคา 65 บาท, notes oat milk +15");
  });

  it("keeps a cell that holds a semicolon whole and leaves empty cells out", () => {
    expect(
      describeRow("name: Fleece Hoodie; price_thb: 1,090; notes: brushed; warm; colour:", "en"),
    ).toBe("Fleece Hoodie: price 1,090 baht, notes brushed; warm.");
  });
});

describe("splitSentences", () => {
  it("cuts lines and sentences, never after a Thai abbreviation, and keeps headings as context", () => {
    const sentences = splitSentences(
      "Opening hours\nWe open at 9:00. We close at 20:00.\nส่งฟรีในระยะ 3 กม. เกินจากนั้นกิโลเมตรละ 10 บาท",
    );
    expect(sentences).toEqual([
      { text: "We open at 9:00.", heading: "Opening hours" },
      { text: "We close at 20:00.", heading: "Opening hours" },
      { text: "ส่งฟรีในระยะ 3 กม. เกินจากนั้นกิโลเมตรละ 10 บาท", heading: "Opening hours" },
    ]);
  });
});

describe("focusPassage", () => {
  const passage = [
    "# Delivery",
    "We deliver every day from 10:00 to 18:00 within 5 km of the shop.",
    "Delivery is free for orders of 500 baht or more; otherwise the fee is 40 baht.",
    "Orders after 17:00 go out the next morning.",
    "We also sell gift cards at the counter.",
  ].join("\n");

  it("gives the sentence that answers, whole", () => {
    expect(focusPassage(passage, "how much is the delivery fee?", "en")).toBe(
      "Delivery is free for orders of 500 baht or more; otherwise the fee is 40 baht.",
    );
    expect(focusPassage(passage, "ส่งถึงกี่โมง", "th")).toContain("18:00");
  });
});

describe("classifySmallTalk", () => {
  it.each([
    ["hello", "greeting"],
    ["Hi there!", "greeting"],
    ["สวัสดีค่ะ", "greeting"],
    ["หวัดดีจ้า", "greeting"],
    ["thanks a lot", "thanks"],
    ["thank you!", "thanks"],
    ["ขอบคุณมากค่ะ", "thanks"],
    ["bye", "goodbye"],
    ["see you", "goodbye"],
    ["บ๊ายบาย", "goodbye"],
    ["ลาก่อนค่ะ", "goodbye"],
    ["แล้วเจอกันนะคะ", "goodbye"],
  ])("%s is %s", (message, kind) => {
    expect(classifySmallTalk(message)).toBe(kind);
  });

  it.each(["hello, how much is a latte?", "สวัสดีค่ะ ส่งฟรีไหม", "thanks, and the wifi password?"])(
    "%s is a question",
    (message) => {
      expect(classifySmallTalk(message)).toBeUndefined();
    },
  );
});

describe("classifySmallTalk, lookalikes", () => {
  it("does not take a cold for a hello", () => {
    expect(classifySmallTalk("เป็นหวัดค่ะ")).toBeUndefined();
  });
});
