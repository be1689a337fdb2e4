import { describe, expect, it } from "vitest";
import {
  groupQuestions,
  questionKey,
  questionKeyMaxLength,
  questionMatchThreshold,
  questionSimilarity,
} from "./question-key";

/** The same question, as Thai and English customers write it. */
const paraphraseSets: { name: string; th: string[]; en: string[] }[] = [
  {
    name: "opening hours",
    th: [
      "ร้านเปิดกี่โมง",
      "ร้านเปิดกี่โมงคะ",
      "เปิดกี่โมงครับ",
      "เปิดตอนไหนคะ",
      "ร้านเปิดกี่โมงถึงกี่โมงคะ",
      "สอบถามค่ะ ร้านเปิดกี่โมงคะ",
      "เปิดกี่โมงจ้า",
      "ไม่ทราบว่าร้านเปิดกี่โมงคะ",
    ],
    en: [
      "What time do you open?",
      "opening hours?",
      "When do you open",
      "what time does the shop open",
      "What are your opening hours please",
      "When does the shop open?",
    ],
  },
  {
    name: "delivery fee",
    th: ["ค่าส่งเท่าไหร่", "ค่าจัดส่งเท่าไหร่คะ", "ค่าส่งกี่บาทครับ", "ส่งเท่าไหร่คะ"],
    en: ["how much is shipping", "delivery fee?", "How much is the delivery fee?", "shipping cost"],
  },
  {
    name: "delivery time",
    th: ["ส่งของกี่วัน", "ส่งกี่วันถึงคะ", "จัดส่งกี่วันครับ", "ส่งของใช้เวลากี่วัน"],
    en: ["how long does shipping take", "How many days for delivery?", "how long is delivery"],
  },
  {
    name: "parking",
    th: ["มีที่จอดรถไหม", "มีที่จอดรถไหมคะ", "จอดรถได้ไหมครับ", "ที่จอดรถมีไหม"],
    en: ["Is there parking?", "do you have parking", "Can I park my car there?", "car park?"],
  },
  {
    name: "where",
    th: ["ร้านอยู่ที่ไหน", "ร้านอยู่ตรงไหนคะ", "ขอที่อยู่ร้านหน่อยค่ะ", "ร้านอยู่แถวไหนครับ"],
    en: [
      "where is the shop",
      "Where are you located?",
      "what is your address",
      "shop location please",
      "where are you",
      "Where is the shop located?",
    ],
  },
  {
    name: "bank transfer",
    th: ["โอนเงินได้ไหม", "โอนได้ไหมคะ", "จ่ายโอนได้ไหมครับ"],
    en: ["can I pay by bank transfer", "do you accept transfer?", "bank transfer ok?"],
  },
  {
    name: "free delivery",
    th: ["ส่งฟรีไหม", "มีส่งฟรีไหมคะ", "ฟรีค่าส่งไหมครับ"],
    en: ["free shipping?", "Do you offer free delivery?", "is delivery free"],
  },
  {
    name: "open on Sunday",
    th: ["วันอาทิตย์เปิดไหมคะ", "เปิดวันอาทิตย์ไหม", "อาทิตย์นี้ร้านเปิดไหมครับ"],
    en: ["are you open on sunday", "Open on Sundays?", "do you open sunday"],
  },
  {
    name: "price",
    th: ["ราคาเท่าไหร่", "ราคาเท่าไรคะ", "กี่บาทคะ"],
    en: ["how much", "how much is it?", "What's the price?", "price please"],
  },
  {
    name: "vegetarian menu",
    th: ["มีเมนูมังสวิรัติไหมคะ", "เมนูมังสวิรัติมีไหม"],
    en: ["Do you have vegetarian menu?", "any vegetarian menu"],
  },
  {
    name: "table booking",
    th: ["จองโต๊ะได้ไหมคะ", "ขอจองโต๊ะหน่อยครับ"],
    en: ["I'd like to book a table", "can I reserve a table?", "table reservation"],
  },
  {
    name: "size",
    th: ["เสื้อตัวนี้มีไซส์ L ไหมคะ", "เสื้อมีไซส์ L ไหม"],
    en: ["do you have this shirt in size L", "shirt size L?"],
  },
  {
    name: "iced latte price",
    th: ["ลาเต้เย็นราคาเท่าไหร่", "ลาเต้เย็นกี่บาทคะ"],
    en: ["how much is an iced latte", "iced latte price?"],
  },
  {
    name: "credit cards",
    th: ["รับบัตรเครดิตไหม", "จ่ายบัตรเครดิตได้ไหมคะ"],
    en: [
      "do you take credit card",
      "Can I pay by credit card?",
      "credit card accepted?",
      "pay with credit card please",
      "Do you accept credit cards?",
      "Can I pay by card?",
    ],
  },
  {
    name: "phone number",
    th: ["ขอเบอร์โทรร้านหน่อยค่ะ", "เบอร์โทรร้านคืออะไรคะ"],
    en: ["what's your phone number", "phone number please"],
  },
  {
    name: "sold out",
    th: ["สินค้าหมดแล้วเหรอคะ", "สินค้าหมดแล้วหรอ"],
    en: ["is the product sold out?", "product sold out?"],
  },
  {
    name: "pickup in store",
    th: ["รับของที่ร้านได้ไหม", "ไปรับที่ร้านได้ไหมคะ"],
    en: ["can I pick up at the store", "store pickup?"],
  },
  {
    name: "promotions",
    th: ["โปรโมชั่นเดือนนี้มีอะไรบ้าง", "โปรโมชันเดือนนี้มีไหมคะ"],
    en: ["any promotions this month?", "promotion this month"],
  },
  {
    name: "how to order",
    th: ["สั่งยังไง", "สั่งยังไงคะ"],
    en: ["how do I order", "how to order?"],
  },
  {
    name: "pets",
    th: ["สัตว์เลี้ยงเข้าได้ไหม", "พาสัตว์เลี้ยงไปได้ไหมคะ"],
    en: ["Are pets allowed?", "can I bring my pet"],
  },
];

/** Questions about the same thing that want different answers. */
const distinctPairs: [string, string][] = [
  ["ส่งของกี่วัน", "ค่าส่งเท่าไหร่"],
  ["ร้านเปิดกี่โมง", "ร้านปิดกี่โมง"],
  ["ร้านเปิดกี่โมง", "ร้านอยู่ที่ไหน"],
  ["ได้รับของแล้วค่ะ", "ยังไม่ได้รับของเลยค่ะ"],
  ["how much is shipping", "how long does shipping take"],
  ["มีที่จอดรถไหม", "มีไวไฟไหม"],
  ["โอนเงินได้ไหม", "จ่ายบัตรเครดิตได้ไหม"],
  ["เปิดวันอาทิตย์ไหม", "เปิดวันจันทร์ไหม"],
  ["ส่งฟรีไหม", "ค่าส่งเท่าไหร่"],
  ["ลาเต้ราคาเท่าไหร่", "มอคค่าราคาเท่าไหร่"],
  ["Do you have vegan options?", "Do you have halal food?"],
  ["can I cancel my order", "can I change my order"],
  ["มีไซส์ XL ไหม", "มีสีดำไหม"],
];

describe("questionKey", () => {
  it.each(paraphraseSets.map((set) => [set.name, set] as const))(
    "%s: one key for every wording, Thai and English",
    (_, set) => {
      const keys = new Set([...set.th, ...set.en].map(questionKey));
      expect([...keys]).toHaveLength(1);
      expect([...keys][0]).not.toBeNull();
    },
  );

  it("gives the opening-hours question a readable key of lexicon head words", () => {
    expect(questionKey("ร้านเปิดกี่โมงคะ")).toBe("open time");
    expect(questionKey("ค่าส่งเท่าไหร่")).toBe("cost delivery");
  });

  it.each(distinctPairs)("tells %s from %s", (left, right) => {
    expect(questionKey(left)).not.toBe(questionKey(right));
  });

  it.each([
    "555",
    "5555555",
    "ok",
    "โอเคค่ะ",
    "👍",
    "👍🏻😂",
    "ขอบคุณค่ะ",
    "สวัสดีครับ",
    "ฮ่าๆๆ",
    "haha",
    "thanks!",
    "ค่ะ",
    "",
    "   ",
    "0812345678",
    "OK ค่ะ",
    "5555+",
    "hahaha",
    "นะคะ",
    "12",
  ])("has no key for %j (no content words)", (text) => {
    expect(questionKey(text)).toBeNull();
  });

  it("keeps a negation and drops order numbers and phone numbers", () => {
    expect(questionKey("ยังไม่ได้รับของเลยค่ะ")).toContain("not");
    expect(questionKey("เปิดไม่เปิดคะ")).toBe(questionKey("เปิดไหมคะ"));
    expect(questionKey("ออเดอร์ 4581123 ส่งกี่วัน")).toBe(questionKey("ออเดอร์ส่งกี่วัน"));
    expect(questionKey("tracking EY123456789TH")).toBe(questionKey("tracking"));
  });

  it("reads Thai online-shop talk and ignores links and email addresses", () => {
    expect(questionKey("ขอราคาส่งค่ะ")).toBe("cost wholesale");
    expect(questionKey("ค่าส่งเท่าไหร่")).not.toBe(questionKey("ขอราคาส่งค่ะ"));
    expect(questionKey("มีของไหมคะ")).toBe(questionKey("is it in stock?"));
    expect(questionKey("CF ค่ะ")).toBe(questionKey("ยืนยันค่ะ"));
    expect(questionKey("สนใจค่ะ")).toBe(questionKey("interested"));
    expect(questionKey("https://shopee.co.th/product/12345678/987654321")).toBeNull();
    expect(questionKey("ทักมาสอบถามค่ะ")).toBeNull();
    expect(questionKey("ดูรายละเอียดได้ที่ www.example.com ค่ะ")).toBe(questionKey("รายละเอียด"));
  });

  it("folds English forms, Thai tone marks the lexicon knows, and clock times", () => {
    expect(questionKey("booking")).toBe(questionKey("จอง"));
    expect(questionKey("shipped?")).toBe(questionKey("ส่งยัง"));
    expect(questionKey("สงฟรีไหม")).toBe(questionKey("ส่งฟรีไหม"));
    expect(questionKey("เปิด 9 โมงไหม")).toBe(questionKey("open at 9am?"));
  });

  it("is deterministic, sorted and at most 200 characters, cut between concepts", () => {
    const long = Array.from(
      { length: 80 },
      (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`,
    ).join(" ");
    const key = questionKey(long)!;
    expect(key.length).toBeLessThanOrEqual(questionKeyMaxLength);
    expect(key).toBe(questionKey(long));
    expect(key.split(" ")).toEqual([...key.split(" ")].sort());
    expect(long.split(" ")).toEqual(expect.arrayContaining(key.split(" ")));
  });
});

describe("questionSimilarity", () => {
  it.each(paraphraseSets.map((set) => [set.name, set] as const))(
    "%s: paraphrases score at least the match threshold across languages",
    (_, set) => {
      for (const left of [...set.th, ...set.en]) {
        for (const right of [...set.th, ...set.en]) {
          expect(questionSimilarity(left, right), `${left} / ${right}`).toBeGreaterThanOrEqual(
            questionMatchThreshold,
          );
        }
      }
    },
  );

  it.each(distinctPairs)("keeps %s and %s below the threshold", (left, right) => {
    expect(questionSimilarity(left, right)).toBeLessThan(questionMatchThreshold);
    expect(questionSimilarity(left, right)).toBeLessThanOrEqual(0.5);
  });

  it("is symmetric, 1 for the same question and 0 without content words", () => {
    expect(questionSimilarity("ร้านเปิดกี่โมง", "What time do you open?")).toBe(1);
    expect(questionSimilarity("ส่งของกี่วัน", "ค่าส่งเท่าไหร่")).toBe(
      questionSimilarity("ค่าส่งเท่าไหร่", "ส่งของกี่วัน"),
    );
    expect(questionSimilarity("555", "555")).toBe(0);
    expect(questionSimilarity("ok", "ร้านเปิดกี่โมง")).toBe(0);
  });

  it("matches a longer message to the curated question it contains", () => {
    const message = "สวัสดีค่ะ อยากทราบว่าร้านเปิดกี่โมงคะ แล้วมีที่จอดรถไหมคะ";
    expect(questionSimilarity(message, "What time do you open?")).toBeGreaterThanOrEqual(
      questionMatchThreshold,
    );
    expect(questionSimilarity(message, "ค่าส่งเท่าไหร่")).toBeLessThan(questionMatchThreshold);
  });

  it("meets a place name the lexicon lacks, spelled in Thai or in English, by sound", () => {
    expect(questionKey("Do you deliver to Chiang Mai?")).toBe(questionKey("ship to chiangmai?"));
    expect(questionKey("ส่งเชียงใหม่ได้ไหม")).toBe(questionKey("ส่งของไปเชียงใหม่ได้ไหมคะ"));
    expect(
      questionSimilarity("Do you deliver to Chiang Mai?", "ส่งเชียงใหม่ได้ไหม"),
    ).toBeGreaterThanOrEqual(questionMatchThreshold);
    expect(questionSimilarity("ส่งเชียงใหม่ได้ไหม", "ส่งภูเก็ตได้ไหม")).toBeLessThan(
      questionMatchThreshold,
    );
  });

  it("meets a Thai spelling of a loan word the lexicon lacks and the English word", () => {
    expect(questionSimilarity("มีแคชเมียร์ไหม", "do you have cashmere")).toBeGreaterThanOrEqual(
      questionMatchThreshold,
    );
  });
});

describe("groupQuestions", () => {
  it("merges near-identical keys, most asked first, with examples most asked first", () => {
    const groups = groupQuestions([
      { key: questionKey("ร้านเปิดกี่โมง")!, example: "ร้านเปิดกี่โมง", count: 5 },
      { key: questionKey("What time do you open?")!, example: "What time do you open?", count: 3 },
      {
        key: questionKey("เปิดวันอาทิตย์กี่โมง")!,
        example: "เปิดวันอาทิตย์กี่โมง",
        count: 2,
      },
      { key: questionKey("ค่าส่งเท่าไหร่")!, example: "ค่าส่งเท่าไหร่", count: 9 },
      { key: questionKey("ส่งของกี่วัน")!, example: "ส่งของกี่วัน", count: 4 },
      { key: questionKey("delivery fee?")!, example: "delivery fee?", count: 1 },
      { key: questionKey("ค่าส่งเท่าไหร่")!, example: "ค่าส่งเท่าไหร่", count: 2 },
    ]);
    expect(groups.map((group) => [group.key, group.count])).toEqual([
      ["cost delivery", 12],
      ["open time", 10],
      ["delivery duration", 4],
    ]);
    expect(groups[0]!.examples).toEqual(["ค่าส่งเท่าไหร่", "delivery fee?"]);
    expect(groups[1]!.keys).toEqual(["open time", "open sunday time"]);
    expect(groups[1]!.examples).toEqual(["ร้านเปิดกี่โมง", "What time do you open?", "เปิดวันอาทิตย์กี่โมง"]);
  });

  it("does not merge a one-concept key into a broader one, nor chain small steps", () => {
    const groups = groupQuestions([
      { key: "cost", example: "ราคาเท่าไหร่", count: 4 },
      { key: "cost delivery", example: "ค่าส่งเท่าไหร่", count: 3 },
      { key: "a b c", example: "abc", count: 3 },
      { key: "a b c d", example: "abcd", count: 2 },
      { key: "a b c d e", example: "abcde", count: 2 },
      { key: "a b c d e f", example: "abcdef", count: 1 },
    ]);
    expect(groups.map((group) => group.keys)).toEqual([
      ["a b c", "a b c d"],
      ["cost"],
      // a tie in counts goes by key
      ["a b c d e", "a b c d e f"],
      ["cost delivery"],
    ]);
  });

  it("groups a few hundred keys quickly and handles none", () => {
    expect(groupQuestions([])).toEqual([]);
    const items = Array.from({ length: 400 }, (_, i) => ({
      key: `topic${i % 150} word${i % 7}`,
      example: `example ${i}`,
      count: (i % 13) + 1,
    }));
    const started = performance.now();
    const groups = groupQuestions(items);
    // About 20 ms warm on a shared CI core; the bound only catches a blow-up.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(
      items.reduce((sum, item) => sum + item.count, 0),
    );
  });
});
