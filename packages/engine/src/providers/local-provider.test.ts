import { describe, expect, it } from "vitest";
import { type PersonaInput, PersonaSchema } from "../persona";
import { buildPersonaIndex } from "../retrieval/build-persona-index";
import { createLocalProvider } from "./local-provider";
import { localTexts } from "./local-texts";
import type { TurnContext } from "./provider";

const persona = PersonaSchema.parse({
  name: "Mali",
  tone: "friendly",
  gender: "female",
  language: "auto",
  catchphrases: ["Stay caffeinated!"],
  faqs: [
    { question: "Do you ship nationwide?", answer: "Yes, we ship all over Thailand in 2 days." },
    { question: "ส่งต่างจังหวัดไหม", answer: "ส่งทั่วประเทศภายใน 2 วันค่ะ" },
  ],
  knowledgeBase:
    "Our house blend costs 350 THB per 250 g bag.\n\nเมล็ดกาแฟเบลนด์ของร้านราคา 350 บาทต่อถุง 250 กรัม",
});
const index = buildPersonaIndex(persona);

function turn(
  message: string,
  overrides: Partial<TurnContext> & { persona?: PersonaInput } = {},
): TurnContext {
  const turnPersona = overrides.persona ? PersonaSchema.parse(overrides.persona) : persona;
  const language = /[\u0E00-\u0E7F]/.test(message) ? "th" : "en";
  return {
    botName: "Baan Coffee",
    userMessage: message,
    language,
    hasImage: false,
    isFirstTurn: false,
    hits: message ? buildPersonaIndex(turnPersona).search(message, { limit: 8 }) : [],
    seed: 1,
    ...overrides,
    persona: turnPersona,
  };
}

async function reply(context: TurnContext, provider = createLocalProvider()) {
  const pieces: string[] = [];
  for await (const chunk of provider.stream(
    { system: "", messages: [], turn: context },
    new AbortController().signal,
  )) {
    if (chunk.type === "text") pieces.push(chunk.text);
  }
  return { text: pieces.join(""), pieces };
}

describe("local provider", () => {
  it("answers from the best FAQ", async () => {
    const { text } = await reply(turn("Do you ship nationwide?", { seed: 7 }));
    expect(text).toContain("Yes, we ship all over Thailand in 2 days.");
  });

  it("answers from the FAQ's twin in the customer's language when their wording matches the other one better", async () => {
    const hours = {
      ...persona,
      faqs: [
        { question: "When are you open?", answer: "Every day from 9 to 5." },
        { question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ" },
        { question: "ร้านปิดวันไหน", answer: "ไม่มีวันหยุดค่ะ" },
      ],
    };
    // "what time" is กี่โมง: the Thai FAQ covers the whole question, the English one a part.
    for (const question of ["what time do you open?", "what are your opening hours?"]) {
      const { text } = await reply(turn(question, { persona: hours }));
      expect(text).toContain("Every day from 9 to 5.");
      expect(text).not.toContain(localTexts.en.otherLanguage);
    }
    expect((await reply(turn("ร้านเปิดกี่โมงคะ", { persona: hours }))).text).toContain(
      "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็น",
    );
  });

  it("answers from the best knowledge passage, in the user's language", async () => {
    expect((await reply(turn("How much is the house blend?"))).text).toContain(
      "350 THB per 250 g bag",
    );
    expect((await reply(turn("เมล็ดกาแฟเบลนด์ราคาเท่าไหร่"))).text).toContain("350 บาทต่อถุง 250 กรัม");
  });

  it("falls back to a default reply, or says it does not know yet, in the reply language", async () => {
    const withDefault = turn("What's the weather tomorrow?", {
      persona: { ...persona, defaultReplies: ["Please call us at 02-123-4567."] },
    });
    expect((await reply(withDefault)).text).toBe("Please call us at 02-123-4567.");
    expect((await reply(turn("What's the weather tomorrow?"))).text).toBe("I don't know that yet.");
    expect((await reply(turn("พรุ่งนี้ฝนตกไหม"))).text).toBe("ขออภัยค่ะ ตอนนี้ยังไม่ทราบเรื่องนี้");
    const male = turn("พรุ่งนี้ฝนตกไหม", { persona: { ...persona, gender: "male" } });
    expect((await reply(male)).text).toBe("ขออภัยครับ ตอนนี้ยังไม่ทราบเรื่องนี้");
    const german = turn("Wie wird das Wetter?", { language: "de" });
    expect((await reply(german)).text).toBe("Das weiß ich noch nicht.");
  });

  it("says it received an image and cannot read it, in English and Thai", async () => {
    const english = await reply(turn("", { hasImage: true, language: "en" }));
    expect(english.text).toBe(
      "I received your image, but I can't read images yet. Could you tell me in words what you need?",
    );
    const thai = await reply(turn("", { hasImage: true, language: "th" }));
    expect(thai.text).toBe("ได้รับรูปภาพแล้วค่ะ แต่ตอนนี้ยังอ่านรูปภาพไม่ได้ ช่วยพิมพ์บอกเป็นข้อความได้ไหมคะ");
    const withText = await reply(turn("How much is the house blend?", { hasImage: true }));
    expect(withText.text).toMatch(
      /^I received your image, but I can't read images yet\. .*350 THB/,
    );
  });

  it("greets on the first turn, in the persona's tone", async () => {
    const first = await reply(turn("How much is the house blend?", { isFirstTurn: true }));
    expect(first.text.startsWith("Hi there! ")).toBe(true);
    const formal = turn("How much is the house blend?", {
      isFirstTurn: true,
      persona: { ...persona, tone: "formal" },
    });
    expect((await reply(formal)).text.startsWith("Good day. ")).toBe(true);
    const thai = await reply(turn("เมล็ดกาแฟเบลนด์ราคาเท่าไหร่", { isFirstTurn: true }));
    expect(thai.text.startsWith("สวัสดีค่ะ! ")).toBe(true);
  });

  it("answers a bare greeting or thanks without claiming not to know", async () => {
    expect((await reply(turn("hello!"))).text).toBe("Hi there! How can I help you today?");
    expect((await reply(turn("สวัสดีครับ"))).text).toBe("สวัสดีค่ะ! มีอะไรให้ช่วยไหมคะ");
    const introduced = turn("hi", {
      persona: { ...persona, introduction: "I'm Mali from Baan Coffee." },
    });
    expect((await reply(introduced)).text).toBe("Hi there! I'm Mali from Baan Coffee.");
    expect((await reply(turn("thanks a lot"))).text).toBe("You're welcome!");
    expect((await reply(turn("ขอบคุณมากค่ะ"))).text).toBe("ยินดีค่ะ!");
  });

  it("adds an opener or a catchphrase now and then, the same for the same seed", async () => {
    const texts = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const context = turn("How much is the house blend?", { seed });
      const { text } = await reply(context);
      expect((await reply(context)).text).toBe(text);
      texts.add(text);
    }
    const all = [...texts];
    expect(
      all.some((text) => text.startsWith("Sure! ") || text.startsWith("Happy to help! ")),
    ).toBe(true);
    expect(all.some((text) => text.endsWith("Stay caffeinated!"))).toBe(true);
    expect(all.some((text) => text === "Our house blend costs 350 THB per 250 g bag.")).toBe(true);
  });

  it("streams word by word, and the words join back to the reply", async () => {
    const { text, pieces } = await reply(turn("เมล็ดกาแฟเบลนด์ราคาเท่าไหร่"));
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toBe(text);
    expect(pieces).toContain("เมล็ด");
  });

  it("stops streaming when aborted", async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const provider = createLocalProvider();
    for await (const chunk of provider.stream(
      { system: "", messages: [], turn: turn("How much is the house blend?") },
      controller.signal,
    )) {
      if (chunk.type === "text") pieces.push(chunk.text);
      controller.abort();
    }
    expect(pieces).toHaveLength(1);
  });

  it("needs enough of the question covered before answering from it", async () => {
    const strict = createLocalProvider({ minCoverage: 0.99 });
    expect((await reply(turn("house blend price in Chiang Mai", { seed: 3 }), strict)).text).toBe(
      "I don't know that yet.",
    );
    expect(index.size).toBe(3);
  });
});
