import { describe, expect, it } from "vitest";
import { buildDocuments } from "./build-documents";
import { buildPersonaIndex } from "./build-persona-index";
import { buildSearchIndex, type IndexDocument, loadSearchIndex } from "./search-index";

const shopDocuments: IndexDocument[] = [
  {
    id: "shipping-th",
    kind: "knowledge",
    source: "shipping.md",
    text: "จัดส่งสินค้าทั่วประเทศภายใน 2-3 วันทำการ ค่าจัดส่ง 50 บาท ส่งฟรีเมื่อซื้อครบ 1,000 บาท",
  },
  {
    id: "returns-th",
    kind: "knowledge",
    source: "returns.md",
    text: "คืนสินค้าได้ภายใน ๗ วันหลังได้รับสินค้า สินค้าต้องอยู่ในสภาพเดิมพร้อมกล่อง",
  },
  {
    id: "hours-en",
    kind: "knowledge",
    source: "store.md",
    text: "Our Siam Square store opens every day from 10:00 to 21:00, including public holidays.",
  },
  {
    id: "payment-en",
    kind: "knowledge",
    source: "payment.md",
    text: "We accept PromptPay, credit cards and cash on delivery. Installments are available for orders over 3,000 THB.",
  },
  {
    id: "faq-warranty",
    kind: "faq",
    title: "สินค้ามีประกันไหม",
    text: "สินค้าทุกชิ้นรับประกัน 1 ปี",
    source: "FAQ",
  },
];

describe("buildSearchIndex", () => {
  const index = buildSearchIndex(shopDocuments);

  it("ranks the right passage first for Thai questions", () => {
    expect(index.search("ส่งของกี่วันถึงคะ")[0]?.id).toBe("shipping-th");
    expect(index.search("คืนสินค้าได้ภายในกี่วัน")[0]?.id).toBe("returns-th");
  });

  it("ranks the right passage first for English questions", () => {
    expect(index.search("What time does the store open?")[0]?.id).toBe("hours-en");
    expect(index.search("Can I pay with PromptPay?")[0]?.id).toBe("payment-en");
  });

  it("ranks the right passage first for mixed Thai-English questions", () => {
    expect(index.search("จ่ายผ่าน PromptPay ได้ไหม")[0]?.id).toBe("payment-en");
    expect(index.search("store ที่ Siam เปิดกี่โมง")[0]?.id).toBe("hours-en");
  });

  it("matches Thai digits against Arabic ones and the other way round", () => {
    expect(index.search("ค่าส่ง ๕๐ บาท")[0]?.id).toBe("shipping-th");
    expect(index.search("คืนได้ 7 วัน")[0]?.id).toBe("returns-th");
    expect(index.search("ซื้อครบ ๑,๐๐๐ ส่งฟรีไหม")[0]?.id).toBe("shipping-th");
  });

  it("weights an FAQ's question and returns its answer", () => {
    const [hit] = index.search("มีประกันสินค้าไหมคะ");
    expect(hit).toMatchObject({ id: "faq-warranty", kind: "faq", text: "สินค้าทุกชิ้นรับประกัน 1 ปี" });
  });

  it("reports how much of the question a hit covers", () => {
    const [full] = index.search("PromptPay credit cards");
    expect(full?.coverage).toBeCloseTo(1);
    const [partial] = index.search("PromptPay bitcoin");
    expect(partial?.coverage).toBeGreaterThan(0);
    expect(partial?.coverage).toBeLessThan(0.6);
    expect(index.search("PromptPay bitcoin", { minCoverage: 0.6 })).toEqual([]);
  });

  it("filters by kind and limits the hits, best first", () => {
    const hits = index.search("สินค้า", { limit: 2 });
    expect(hits).toHaveLength(2);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(index.search("สินค้า", { kind: "faq" }).map((hit) => hit.id)).toEqual(["faq-warranty"]);
  });

  it("finds nothing for questions it has no words for, or only particles", () => {
    expect(index.search("weather tomorrow")).toEqual([]);
    expect(index.search("ครับ ค่ะ นะ")).toEqual([]);
    expect(index.search("")).toEqual([]);
    // Object's own keys are no words of the index (a typo match may find something weak).
    expect(
      index.search("constructor __proto__ toString").filter((hit) => hit.coverage >= 0.5),
    ).toEqual([]);
  });

  it("keeps two bots' knowledge apart", () => {
    const bakery = buildSearchIndex([
      {
        id: "cake",
        kind: "knowledge",
        source: "menu",
        text: "เค้กช็อกโกแลตปอนด์ละ 450 บาท สั่งล่วงหน้า 2 วัน",
      },
    ]);
    const garage = buildSearchIndex([
      {
        id: "oil",
        kind: "knowledge",
        source: "services",
        text: "เปลี่ยนน้ำมันเครื่องราคา 1,200 บาท ใช้เวลา 30 นาที",
      },
    ]);
    expect(bakery.search("เค้กช็อกโกแลตราคาเท่าไหร่")[0]?.id).toBe("cake");
    expect(garage.search("เค้กช็อกโกแลตราคาเท่าไหร่").map((hit) => hit.id)).not.toContain("cake");
    expect(bakery.search("เปลี่ยนน้ำมันเครื่อง")).toEqual([]);
    expect(garage.search("เปลี่ยนน้ำมันเครื่อง")[0]?.id).toBe("oil");
  });

  it("round-trips through JSON and answers the same", () => {
    const restored = loadSearchIndex(JSON.parse(JSON.stringify(index.toJSON())));
    for (const query of ["ส่งของกี่วัน", "PromptPay", "มีประกันไหม", "store hours"]) {
      expect(restored.search(query)).toEqual(index.search(query));
    }
    expect(restored.size).toBe(shopDocuments.length);
  });

  it("refuses a serialised index of another format", () => {
    const data = { ...index.toJSON(), format: 0 };
    expect(() => loadSearchIndex(data)).toThrow(/rebuild/);
  });

  it("refuses duplicate ids", () => {
    expect(() => buildSearchIndex([shopDocuments[0]!, shopDocuments[0]!])).toThrow(/Duplicate/);
  });

  it("scores Thai character pairs when asked to", () => {
    const withPairs = buildSearchIndex(shopDocuments, { bigramWeight: 0.3 });
    // "ประกัน" misspelled as "ประกน": no shared word, shared pairs.
    expect(index.search("ประกน")).toEqual([]);
    expect(withPairs.search("ประกน")[0]?.id).toBe("faq-warranty");
  });
});

describe("buildDocuments", () => {
  it("makes one document per FAQ and per knowledge chunk, with stable ids", () => {
    const documents = buildDocuments({
      faqs: [
        { question: "Open on Sunday?", answer: "Yes, 10:00 to 18:00." },
        { question: "", answer: "skipped" },
      ],
      knowledge: [
        { id: "doc-1", source: "menu.pdf", title: "Menu", text: "Latte 60 THB. ".repeat(40) },
      ],
      chunk: { maxChars: 200, overlap: 0 },
    });
    expect(documents[0]).toEqual({
      id: "faq:0",
      kind: "faq",
      title: "Open on Sunday?",
      text: "Yes, 10:00 to 18:00.",
      source: "FAQ",
    });
    expect(documents.slice(1).map((document) => document.id)).toEqual([
      "doc-1#0",
      "doc-1#1",
      "doc-1#2",
    ]);
    expect(documents[1]).toMatchObject({ kind: "knowledge", source: "menu.pdf", title: "Menu" });
  });
});

describe("buildPersonaIndex", () => {
  it("indexes the persona's FAQs and knowledge base plus extra knowledge", () => {
    const index = buildPersonaIndex(
      {
        faqs: [{ question: "มีที่จอดรถไหม", answer: "มีที่จอดรถฟรี 20 คัน" }],
        knowledgeBase: "ร้านเปิดทุกวัน 8 โมงเช้าถึง 6 โมงเย็น",
      },
      { knowledge: [{ id: "upload-1", source: "wifi.txt", text: "Wi-Fi password: coffee2025" }] },
    );
    expect(index.size).toBe(3);
    expect(index.search("ที่จอดรถ")[0]?.id).toBe("faq:0");
    expect(index.search("ร้านเปิดกี่โมง")[0]?.id).toBe("knowledge-base#0");
    expect(index.search("wifi password")[0]?.id).toBe("upload-1#0");
  });
});

describe("expansion", () => {
  const documents: IndexDocument[] = [
    {
      id: "latte",
      kind: "knowledge",
      source: "menu.csv",
      text: "item: Iced Latte; size: 16 oz; price_thb: 65",
    },
    {
      id: "hours",
      kind: "knowledge",
      source: "about.md",
      text: "ร้านเปิดทุกวัน 08:00-18:00 น. หยุดวันจันทร์",
    },
    {
      id: "delivery",
      kind: "knowledge",
      source: "delivery.txt",
      text: "ส่งฟรีในระยะ 3 กม. เกินจากนั้นคิดกิโลเมตรละ 10 บาท",
    },
    { id: "promo", kind: "knowledge", source: "promo.md", text: "Promotion: 10% off on Mondays" },
  ];
  const index = buildSearchIndex(documents, { synonyms: [["กาแฟนม", "latte"]] });

  it.each([
    ["ลาเต้เย็นราคาเท่าไหร่", "latte"],
    ["what time do you open?", "hours"],
    ["เปิด 8 โมงไหม", "hours"],
    ["free delivery within 3 km?", "delivery"],
    ["ส่งฟรีกี่กิโล", "delivery"],
    ["โปรโมชั่นมีไหม", "promo"],
    ["10 เปอร์เซ็นต์วันจันทร์", "promo"],
    ["กาแฟนมเย็นเท่าไหร่", "latte"],
    ["delivry", "delivery"],
  ])("%s finds %s", (question, id) => {
    const [hit] = index.search(question);
    expect(hit?.id).toBe(id);
    expect(hit!.coverage).toBeGreaterThanOrEqual(0.4);
  });

  it("gives plain BM25 with expansion off", () => {
    const plain = buildSearchIndex(documents, { expansion: false });
    expect(plain.search("what time do you open?")).toEqual([]);
  });

  it("fuses a vector ranking by reciprocal rank", () => {
    const hits = index.search("zebra", { vectorRanking: ["promo", "hours"] });
    expect(hits.map((hit) => hit.id)).toEqual(["promo", "hours"]);
    expect(hits[0]!.vectorRank).toBe(0);
  });

  it("round-trips through JSON with its learnt words and synonyms", () => {
    const restored = loadSearchIndex(JSON.parse(JSON.stringify(index.toJSON())));
    expect(restored.search("กาแฟนม")[0]?.id).toBe("latte");
  });
});
