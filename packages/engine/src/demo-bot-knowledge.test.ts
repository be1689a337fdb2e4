import { billingCycles, freeTrial, paidPlanIds, paidPlans } from "@jai/contracts/plans";
import { listFeatures } from "@jai/contracts/shipped-features";
import { describe, expect, it } from "vitest";
import { createDemoBot } from "./demo-bot-knowledge";
import { PersonaSchema } from "./persona";
import { buildDocuments } from "./retrieval/build-documents";
import { buildSearchIndex } from "./retrieval/search-index";
import { detectLanguage } from "./text/detect-language";

const demo = createDemoBot("Brand");

/** Every text a visitor may get back: sections and FAQs, with their topic and language. */
const documents = [
  ...demo.sections.map(({ topic, language, title, text }) => ({
    topic,
    language,
    text: `${title}\n${text}`,
  })),
  ...demo.faqs.map(({ topic, language, question, answer }) => ({
    topic,
    language,
    text: `${question}\n${answer}`,
  })),
];

/**
 * Words for what is not built yet, written here rather than taken from the features list, so a
 * passage that promises one of them in other words is still caught.
 */
const comingWords = {
  // The features still coming (selling personas); online payment shipped with issue 17.
  en: /\bsell|premium template/i,
  th: /ขายเพอร์โซนา|เทมเพลตแบบเสียเงิน/,
};
const saysNotYet = { en: /not (available )?yet|coming soon/i, th: /ยังไม่|เร็ว ๆ นี้/ };

/** Topics that describe what is available now: the plans and every shipped feature. */
const availableTopics = new Set([
  "pricing",
  "cycles",
  "trial",
  "features",
  ...paidPlanIds.map((id) => `plan-${id}`),
  ...listFeatures("shipped").map((feature) => feature.id),
]);

describe("createDemoBot", () => {
  it("has a valid persona, every section in English and Thai, and uses the brand given", () => {
    expect(PersonaSchema.safeParse(demo.persona).success).toBe(true);
    const topics = new Set(demo.sections.map((section) => section.topic));
    for (const topic of topics) {
      const languages = demo.sections
        .filter((section) => section.topic === topic)
        .map((section) => section.language);
      expect(languages.sort()).toEqual(["en", "th"]);
    }
    expect(JSON.stringify(demo)).not.toContain("Jai");
    expect(demo.persona.name).toBe("Brand Assistant");
  });

  it("writes each passage and FAQ in its own language, so a Thai question gets a Thai answer", () => {
    for (const section of demo.sections) {
      expect(detectLanguage(section.text), section.id).toBe(section.language);
    }
    for (const faq of demo.faqs) {
      expect(detectLanguage(faq.question), faq.question).toBe(faq.language);
      expect(detectLanguage(faq.answer), faq.question).toBe(faq.language);
    }
    expect(demo.persona.defaultReplies.map(detectLanguage).sort()).toEqual(["en", "th"]);
  });

  it("states every plan's catalogue price for every cycle in an English and a Thai passage", () => {
    const grouped = (baht: number) => baht.toLocaleString("en-US");
    for (const id of paidPlanIds) {
      const plan = demo.sections.filter((section) => section.topic === `plan-${id}`);
      const en = plan.find((section) => section.language === "en")!.text;
      const th = plan.find((section) => section.language === "th")!.text;
      for (const cycle of billingCycles) {
        const price = grouped(paidPlans[id].prices[cycle]);
        expect(en, `${id} ${cycle}`).toContain(`${price} THB`);
        expect(th, `${id} ${cycle}`).toContain(`${price} บาท`);
      }
    }
    const trial = demo.sections.filter((section) => section.topic === "trial");
    expect(trial.map((section) => section.text).join("\n")).toContain(
      `${freeTrial.trialDays} days`,
    );
    expect(trial.map((section) => section.text).join("\n")).toContain(`${freeTrial.trialDays} วัน`);
  });

  it("describes every shipped feature in an English and a Thai passage and FAQ", () => {
    for (const feature of listFeatures("shipped")) {
      for (const language of ["en", "th"] as const) {
        const section = demo.sections.find(
          (item) => item.topic === feature.id && item.language === language,
        );
        const answers = demo.faqs
          .filter((item) => item.topic === feature.id && item.language === language)
          .map((item) => item.answer);
        expect(section?.title, `${feature.id} ${language}`).toBe(feature.name[language]);
        // The English passage starts the description in lower case after the name's colon.
        expect(section?.text.toLowerCase()).toContain(feature.description[language].toLowerCase());
        expect(
          answers.some((answer) => answer.includes(feature.description[language])),
          `${feature.id} ${language}`,
        ).toBe(true);
      }
    }
  });

  it("never describes a feature that is not built as available", () => {
    const comingNames = listFeatures("coming").flatMap((feature) => [
      feature.name.en,
      feature.name.th,
    ]);
    for (const document of documents) {
      const mentionsComing = comingWords[document.language].test(document.text);
      if (availableTopics.has(document.topic)) {
        expect(mentionsComing, `${document.topic}: ${document.text}`).toBe(false);
        for (const name of comingNames) expect(document.text).not.toContain(name);
      } else if (mentionsComing) {
        expect(document.text, document.topic).toMatch(saysNotYet[document.language]);
      }
    }
    for (const feature of listFeatures("coming")) {
      const faqs = demo.faqs.filter((faq) => faq.topic === feature.id);
      expect(faqs.map((faq) => faq.language).sort()).toEqual(["en", "th"]);
      for (const faq of faqs) {
        expect(faq.answer).toMatch(faq.language === "en" ? /^Not yet\./ : /^ยังไม่ได้/);
      }
    }
  });

  it("answers a handoff question, in English and in Thai, with what the inbox does", () => {
    const index = buildSearchIndex(buildDocuments({ faqs: demo.faqs }));
    const english = index.search("Can a human take over?")[0]!;
    expect(english.text).toMatch(/take over/);
    expect(english.text).not.toMatch(/not yet/i);
    const thai = index.search("ให้พนักงานรับแชทต่อได้ไหม")[0]!;
    expect(thai.text).toMatch(/รับเรื่อง/);
    expect(thai.text).not.toMatch(/ยังไม่ได้/);
  });

  it("finds each FAQ again by its own question", () => {
    const index = buildSearchIndex(buildDocuments({ faqs: demo.faqs, knowledge: demo.knowledge }));
    const topicOf = new Map<string, string>();
    for (const [position, faq] of demo.faqs.entries()) topicOf.set(`faq:${position}`, faq.topic);
    for (const section of demo.sections) topicOf.set(`${section.id}#0`, section.topic);
    for (const faq of demo.faqs) {
      const [best] = index.search(faq.question, { limit: 1 });
      expect(topicOf.get(best?.id ?? ""), faq.question).toBe(faq.topic);
    }
  });

  it("keeps each section in one chunk, so a passage is a whole topic", () => {
    const documents = buildDocuments({ knowledge: demo.knowledge });
    expect(documents).toHaveLength(demo.sections.length);
  });
});
